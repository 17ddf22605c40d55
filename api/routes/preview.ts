// Free preview bodies: a real result for a fixed sample prompt, computed once per API process.
import { POWERED_BY, UPGRADE_HINTS } from '../../shared/branding.js';
import type { JobName } from '../../shared/jobs.js';
import { SVC_VERSION } from '../../shared/schemas/common.js';
import type { z } from 'zod';
import type { ApiDeps, Operation, UsesModel } from './operation.js';

const cache = new Map<string, Promise<unknown>>();

function previewBody(deps: ApiDeps, job: JobName, sampleInput: unknown, message: string, usesModel?: UsesModel) {
  const key = `${job}:${JSON.stringify(sampleInput)}`;
  let example = cache.get(key);
  if (!example) {
    example = deps.facade.run(job, sampleInput, { requestId: crypto.randomUUID(), usesModel: usesModel?.(deps.config) ?? false });
    // A failed sample must not poison the cache for the life of the process.
    example.catch(() => cache.delete(key));
    cache.set(key, example);
  }
  return example.then((example_response) => ({
    svc_version: SVC_VERSION,
    mode: 'preview' as const,
    message,
    example_response,
    upgrade: UPGRADE_HINTS.preview,
    try_free: UPGRADE_HINTS.tryFree,
    powered_by: POWERED_BY,
  }));
}

/** The operation fields of a previewable endpoint: `"preview": true` in the body answers for free. */
export const previewable = (
  job: JobName,
  sampleInput: unknown,
  message: string,
  schema: z.ZodType,
  usesModel?: UsesModel,
): Pick<Operation<{ preview?: boolean }>, 'isPreview' | 'preview' | 'alternatives'> => ({
  alternatives: [schema],
  isPreview: (input) => input.preview === true,
  preview: (deps) => previewBody(deps, job, sampleInput, message, usesModel),
});
