// Free preview bodies: a real result for a fixed sample prompt, computed once per API process.
import { POWERED_BY, UPGRADE_HINTS } from '../../shared/branding.js';
import type { JobName } from '../../shared/jobs.js';
import { SVC_VERSION } from '../../shared/schemas/common.js';
import type { ApiDeps, Operation } from './operation.js';

const cache = new Map<string, Promise<unknown>>();

/** The preview body of an operation: the job's result for its sample input. */
export function previewBody(deps: ApiDeps, job: JobName, preview: NonNullable<Operation['preview']>, usesModel: boolean) {
  const key = `${job}:${JSON.stringify(preview.sample)}`;
  let example = cache.get(key);
  if (!example) {
    example = deps.facade.run(job, preview.sample, { requestId: crypto.randomUUID(), usesModel });
    // A failed sample must not poison the cache for the life of the process.
    example.catch(() => cache.delete(key));
    cache.set(key, example);
  }
  return example.then((example_response) => ({
    svc_version: SVC_VERSION,
    mode: 'preview' as const,
    message: preview.message,
    example_response,
    upgrade: UPGRADE_HINTS.preview,
    try_free: UPGRADE_HINTS.tryFree,
    powered_by: POWERED_BY,
  }));
}
