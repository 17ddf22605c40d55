// What every paid operation looks like to an agent, derived from its operation row: price and
// network (shared/prices.ts), the body of a paid call and the 200 body as JSON Schema, an example of
// each, how long it takes, and whether this deployment can serve it. The challenge's discovery
// metadata, /openapi.json, /.well-known/x402, /llms.txt and the MCP tools all read it from here.
import type { z } from 'zod';
import type { Config } from '../../shared/config.js';
import { isExpectedError } from '../middleware/errors.js';
import { type JobName, queueFor, timeoutFor } from '../../shared/jobs.js';
import { type PaidRoute, paidRoute } from '../../shared/prices.js';
import type { Operation } from '../routes/operation.js';
import { EXAMPLES, type Example } from './examples.js';
import { type JsonSchema, jsonSchema } from './json-schema.js';

/** `fast`: the engine alone; `moderate`: may read an endpoint and a chain; `slow`: calls models. */
export type LatencyClass = 'fast' | 'moderate' | 'slow';

export interface Latency {
  class: LatencyClass;
  /** The job's timeout: the longest the work may take before it is answered 504 (and not charged). */
  timeoutMs: number;
}

export interface OperationFacts {
  op: Operation;
  job: JobName;
  /** The body of a call that does the work (without the free preview switch). */
  request: z.ZodType;
  input: JsonSchema;
  output: JsonSchema;
  example: Example;
  latency: Latency;
  /** Why this deployment cannot serve the operation (no model configured); undefined when it can. */
  unavailable?: string;
}

export interface PaidFacts extends OperationFacts {
  route: PaidRoute;
}

function latencyOf(job: JobName, config: Config): Latency {
  const timeoutMs = timeoutFor(job, config);
  if (queueFor(job, config) === 'llm') return { class: 'slow', timeoutMs };
  return { class: timeoutMs > config.timeouts.scoreMs ? 'moderate' : 'fast', timeoutMs };
}

/** The refusal of `op.available` for a call in general, as a sentence. */
function unavailableReason(op: Operation, config: Config): string | undefined {
  try {
    op.available?.(undefined, config);
    return undefined;
  } catch (error) {
    if (isExpectedError(error)) return error.message;
    throw error;
  }
}

/** The facts of an operation that runs a job (every per-call and free operation does). */
export function operationFacts(op: Operation, config: Config): OperationFacts | undefined {
  if (!op.job || !op.request) return undefined;
  const request = op.preview?.paidRequest ?? op.request;
  const unavailable = unavailableReason(op, config);
  return {
    op,
    job: op.job,
    request,
    input: jsonSchema(request, 'input'),
    output: jsonSchema(op.response, 'output'),
    example: EXAMPLES[op.job],
    latency: latencyOf(op.job, config),
    ...(unavailable !== undefined && { unavailable }),
  };
}

/** The facts of a paid per-call operation; throws for any other kind of row. */
export function paidFacts(op: Operation, config: Config): PaidFacts {
  const facts = op.access === 'paid' ? operationFacts(op, config) : undefined;
  if (!facts) throw new Error(`${op.path} is not a paid operation with a job`);
  return { ...facts, route: paidRoute(op.path) };
}

/** Every paid per-call operation, in row order. */
export const paidCatalog = (operations: readonly Operation[], config: Config): PaidFacts[] =>
  operations.filter((op) => op.access === 'paid').map((op) => paidFacts(op, config));

const LATENCY_TEXT: Record<LatencyClass, string> = {
  fast: 'fast: the scoring engine alone, well under a second',
  moderate: 'moderate: may read the endpoint and its chain history, seconds',
  slow: 'slow: calls language models, seconds to minutes',
};

/** One line for documents: the class, what it means, and the limit. */
export const describeLatency = ({ class: c, timeoutMs }: Latency) => `${LATENCY_TEXT[c]} (limit ${Math.round(timeoutMs / 1000)} s)`;

/** A USD price as a decimal string: "0.025", "1.25". */
export const usdString = (usd: number) => String(usd);
