// Batch rows are checked in the API, each on its own: a bad row gets a readable error and echoes
// what it can, so the client can tell which row failed and why; the other rows are still scored.
// Only the checked rows travel to the worker (a junk row never reaches the queue), and the reply
// puts the refused rows back in their places.
import type { Vertical } from './common.js';
import { describeZodError } from './describe.js';
import type { BatchJobInput } from './jobs.js';
import { BatchItemSchema, type BatchRequest } from './requests.js';
import type { BatchResponse, BatchRow } from './responses.js';

export type CheckedRow = { ok: true; prompt: string; vertical: Vertical } | { ok: false; row: BatchRow };

export function checkBatchItem(item: unknown, batchVertical: Vertical): CheckedRow {
  const parsed = BatchItemSchema.safeParse(item);
  if (parsed.success) {
    const { prompt, vertical } = typeof parsed.data === 'string' ? { prompt: parsed.data, vertical: undefined } : parsed.data;
    return { ok: true, prompt, vertical: vertical ?? batchVertical };
  }
  const row: BatchRow = { error: `invalid item: ${describeZodError(parsed.error)}` };
  const source = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : { prompt: item };
  if (typeof source.prompt === 'string') row.prompt = source.prompt;
  if (typeof source.vertical === 'string') row.vertical = source.vertical;
  return { ok: false, row };
}

export interface CheckedBatch {
  /** The `score.batch` job's input: the rows that passed their check, in request order. */
  job: BatchJobInput;
  /** The refused rows' entries at their places in the request; undefined where a scored row goes. */
  refused: (BatchRow | undefined)[];
}

export function checkBatch({ prompts, vertical }: BatchRequest): CheckedBatch {
  const checked = prompts.map((item) => checkBatchItem(item, vertical ?? 'general'));
  return {
    job: { rows: checked.flatMap((c) => (c.ok ? [{ prompt: c.prompt, vertical: c.vertical }] : [])) },
    refused: checked.map((c) => (c.ok ? undefined : c.row)),
  };
}

/** The reply: the job's scored rows (one per checked row, in order) back among the refused ones. */
export function mergeBatch({ refused }: CheckedBatch, scored: BatchResponse): BatchResponse {
  const rows = scored.results.values();
  return { ...scored, batch_size: refused.length, results: refused.map((row) => row ?? (rows.next().value as BatchRow)) };
}
