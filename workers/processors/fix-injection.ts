// Injection detection and sanitization: a pure call into shared/safety, cheap enough for the score pool.
import { POWERED_BY } from '../../shared/branding.js';
import { SVC_VERSION } from '../../shared/schemas/common.js';
import type { FixInjectionResponse } from '../../shared/schemas/responses.js';
import { analyzeInjection } from '../../shared/safety/index.js';
import type { Processor } from './types.js';

export const fixInjection: Processor<{ prompt: string }, FixInjectionResponse> = async ({ prompt }) => ({
  svc_version: SVC_VERSION,
  ...analyzeInjection(prompt),
  powered_by: POWERED_BY,
});
