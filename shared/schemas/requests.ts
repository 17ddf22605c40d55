// Request bodies. Objects are strict: an unknown field is a 400 that names it, so a typo such as
// `vertial` or `cnt` never silently falls back to a default.
import { z } from 'zod';
import { PromptSchema, VerticalSchema } from './common.js';

export const MAX_BATCH = 10;
export const MAX_VARIANTS = 5;
export const DEFAULT_VARIANTS = 3;

const vertical = VerticalSchema.default('general');

export const ScoreRequestSchema = z.strictObject({ prompt: PromptSchema, vertical });
export type ScoreRequest = z.infer<typeof ScoreRequestSchema>;

/** One batch row as sent: a bare string or an object. Checked per row, so a bad row fails alone. */
export const BatchItemSchema = z.union([
  PromptSchema,
  z.strictObject({ prompt: PromptSchema, vertical: VerticalSchema.optional() }),
]);
export type BatchItem = z.infer<typeof BatchItemSchema>;

export const BatchRequestSchema = z.strictObject({
  prompts: z
    .array(z.unknown())
    .min(1, 'prompts must hold 1 to 10 items')
    .max(MAX_BATCH, `prompts must hold 1 to ${MAX_BATCH} items`),
  vertical: VerticalSchema.optional(),
});
export type BatchRequest = z.infer<typeof BatchRequestSchema>;

/** `preview: true` asks for the free preview body instead of the paid result. */
const preview = z.boolean().optional();

export const VariantsRequestSchema = z.union([
  z.strictObject({ preview: z.literal(true), prompt: PromptSchema.optional(), vertical: VerticalSchema.optional(), count: z.number().optional() }),
  z.strictObject({
    prompt: PromptSchema,
    vertical,
    count: z.number().int().min(1).max(MAX_VARIANTS).default(DEFAULT_VARIANTS),
    preview: z.literal(false).optional(),
  }),
]);
export type VariantsRequest = z.infer<typeof VariantsRequestSchema>;

export const FixInjectionRequestSchema = z.union([
  z.strictObject({ preview: z.literal(true), prompt: PromptSchema.optional() }),
  z.strictObject({ prompt: PromptSchema, preview: z.literal(false).optional() }),
]);
export type FixInjectionRequest = z.infer<typeof FixInjectionRequestSchema>;

export const PreflightRequestSchema = z.strictObject({
  prompt: PromptSchema,
  vertical,
  endpoint_url: z.url({ protocol: /^https?$/ }).max(2048).optional(),
});
export type PreflightRequest = z.infer<typeof PreflightRequestSchema>;

export const ProxyRequestSchema = z.strictObject({
  prompt: PromptSchema,
  vertical,
  model: z.string().min(1).max(200).optional(),
  web_search: z.boolean().optional(),
});
export type ProxyRequest = z.infer<typeof ProxyRequestSchema>;

export { preview as PreviewFlagSchema };
