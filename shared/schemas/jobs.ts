// What each job takes: the input a worker receives, checked again there because it comes out of
// Redis (a job written by an API of another version must get a clear failure, not a crash). Only
// what the work needs travels: defaults are applied, the free-preview switch and fields a job does
// not read are left behind in the API.
import { z } from 'zod';
import { PromptSchema, VerticalSchema } from './common.js';
import { MAX_BATCH, MAX_VARIANTS } from './requests.js';
import { CHAINS } from './responses.js';

/** One prompt in its vertical: the engine jobs and the model analyses. */
export const PromptJobInputSchema = z.object({ prompt: PromptSchema, vertical: VerticalSchema });
export type PromptJobInput = z.infer<typeof PromptJobInputSchema>;

/** `score.batch`: the rows that passed their check in the API, in request order. */
export const BatchJobInputSchema = z.object({ rows: z.array(PromptJobInputSchema).min(1).max(MAX_BATCH) });
export type BatchJobInput = z.infer<typeof BatchJobInputSchema>;

export const VariantsJobInputSchema = PromptJobInputSchema.extend({ count: z.number().int().min(1).max(MAX_VARIANTS) });
export type VariantsJobInput = z.infer<typeof VariantsJobInputSchema>;

/** The detector is vertical-free. */
export const FixInjectionJobInputSchema = z.object({ prompt: PromptSchema });
export type FixInjectionJobInput = z.infer<typeof FixInjectionJobInputSchema>;

/** The route picks the chain: /api/preflight is Base, /api/preflight/sol is Solana. */
export const PreflightJobInputSchema = PromptJobInputSchema.extend({
  endpoint_url: z.string().optional(),
  chain: z.enum(CHAINS),
});
export type PreflightJobInput = z.infer<typeof PreflightJobInputSchema>;

export const ProxyJobInputSchema = PromptJobInputSchema.extend({
  model: z.string().optional(),
  web_search: z.boolean().optional(),
});
export type ProxyJobInput = z.infer<typeof ProxyJobInputSchema>;
