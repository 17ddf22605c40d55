// Free preview bodies: a real result for a fixed sample prompt, computed once per API process.
import { POWERED_BY, tryFreeHint, UPGRADE_HINTS } from '../../shared/schemas/branding.js';
import { ApiError } from '../middleware/errors.js';
import { SVC_VERSION } from '../../shared/schemas/common.js';
import type { ApiDeps, Operation } from './operation.js';

const cache = new Map<string, Promise<unknown>>();

/** The preview body of an operation: the job's result for its sample input. */
export function previewBody(deps: ApiDeps, preview: NonNullable<Operation['preview']>) {
  let example = cache.get(preview.key);
  if (!example) {
    example = preview.run((job, input) => deps.facade.run(job, input, { requestId: crypto.randomUUID() }));
    // A failed sample must not poison the cache for the life of the process.
    example.catch(() => cache.delete(preview.key));
    cache.set(preview.key, example);
  }
  return example.then((example_response) => ({
    svc_version: SVC_VERSION,
    mode: 'preview' as const,
    message: preview.message,
    example_response,
    upgrade: UPGRADE_HINTS.preview,
    try_free: tryFreeHint(deps.config.rateLimits.freePerMin),
    powered_by: POWERED_BY,
  }));
}

/** A body that asks for a preview: answered with the preview body, free. */
export const asksPreview = (input: unknown) => typeof input === 'object' && input !== null && 'preview' in input && input.preview === true;

/**
 * The prompt of a previewable body that is not a preview. Its schema requires the prompt then (the
 * type cannot say so): this guards the one path the type leaves open.
 */
export function promptOf(prompt: string | undefined): string {
  if (prompt === undefined) throw new ApiError('invalid_request', 'prompt is required (or send "preview": true)');
  return prompt;
}
