// Test support for the provider and LLM processor tests: a real Config from an env object, and a
// processor context over a real provider registry.
import { randomUUID } from 'node:crypto';
import { createWorkerDeps } from '../../workers/deps.js';
import { pino } from 'pino';
import { expect } from 'vitest';
import { loadConfig, type Config } from '../../shared/config.js';
import { DomainError } from '../../shared/errors.js';
import type { ProcessorContext } from '../../workers/processors/types.js';

export interface ProviderEntry {
  name: string;
  base_url: string;
  models: string[];
  api_key?: string;
  aliases?: Record<string, string>;
  max_concurrency?: number;
  timeout_ms?: number;
  max_retries?: number;
  web_search?: boolean;
  headers?: Record<string, string>;
}

/** A Config with these providers and role variables (X402 off, so no pay-to wallets are needed). */
export function configWith(providers: ProviderEntry[] | undefined, roles: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    X402_ENABLED: 'false',
    ...(providers && { LLM_PROVIDERS: JSON.stringify(providers) }),
    ...roles,
  });
}

export function contextFor(config: Config, signal: AbortSignal = new AbortController().signal): ProcessorContext {
  return {
    requestId: randomUUID(),
    deps: createWorkerDeps(config, pino({ level: 'silent' })),
    signal,
  };
}

/** The DomainError a promise rejects with (fails the test when it resolves or rejects otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const e = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
}
