// One batch row checked on its own: a bad row gets a readable error and echoes what it can, so the
// client can tell which row failed and why; the other rows are still scored.
import type { Vertical } from './common.js';
import { describeZodError } from './describe.js';
import { BatchItemSchema } from './requests.js';
import type { BatchRow } from './responses.js';

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
