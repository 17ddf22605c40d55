// Request bodies. Objects are strict: an unknown field is a 400 that names it, so a typo such as
// `vertial` or `cnt` never silently falls back to a default.
import { z } from 'zod';
import { PromptSchema, VerticalSchema } from './common.js';

export const MAX_BATCH = 10;
export const MAX_VARIANTS = 5;
export const DEFAULT_VARIANTS = 3;

/**
 * Optional fields also take `null` as "not given": many clients serialise an unset field as null.
 * The default applies in both cases.
 */
const optional = <T extends z.ZodType>(schema: T) =>
  schema
    .nullish()
    .transform((v) => v ?? undefined)
    .optional();
const vertical = VerticalSchema.nullish().transform((v) => v ?? 'general');

export const ScoreRequestSchema = z.strictObject({ prompt: PromptSchema, vertical });
export type ScoreRequest = z.infer<typeof ScoreRequestSchema>;
/** What a client sends (the schema's input, before defaults); likewise for every `*Body` type. */
export type ScoreBody = z.input<typeof ScoreRequestSchema>;

/** One batch row as sent: a bare string or an object. Checked per row, so a bad row fails alone. */
export const BatchItemSchema = z.union([
  PromptSchema,
  z.strictObject({ prompt: PromptSchema, vertical: optional(VerticalSchema) }),
]);
export type BatchItem = z.infer<typeof BatchItemSchema>;

export const BatchRequestSchema = z.strictObject({
  prompts: z
    .array(z.unknown())
    .min(1, 'prompts must hold 1 to 10 items')
    .max(MAX_BATCH, `prompts must hold 1 to ${MAX_BATCH} items`),
  /** Applies to rows that name no vertical (an extension of the SPEC). */
  vertical: optional(VerticalSchema),
});
export type BatchRequest = z.infer<typeof BatchRequestSchema>;
export type BatchBody = z.input<typeof BatchRequestSchema>;

/** `preview: true` asks for the free preview body: no prompt, no payment. */
const preview = optional(z.boolean());

/** A previewable request: the paid body plus `preview`, the prompt required unless `preview` is true. */
const previewable = <T extends { prompt?: string | undefined; preview?: boolean | undefined }>(schema: z.ZodType<T>) =>
  schema.superRefine((v, ctx) => {
    if (v.preview !== true && v.prompt === undefined) {
      ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'prompt is required (or send "preview": true)' });
    }
  });

/** A paid /api/variants body (the MCP tool's input). */
export const VariantsPaidRequestSchema = z.strictObject({
  prompt: PromptSchema,
  vertical,
  count: z
    .number()
    .int()
    .min(1)
    .max(MAX_VARIANTS)
    .nullish()
    .transform((v) => v ?? DEFAULT_VARIANTS),
});
export type VariantsBody = z.input<typeof VariantsPaidRequestSchema>;
export const VariantsRequestSchema = previewable(VariantsPaidRequestSchema.extend({ prompt: PromptSchema.optional(), preview }));
export type VariantsRequest = z.infer<typeof VariantsRequestSchema>;

/** A paid /api/fix-injection body (the MCP tool's input). */
export const FixInjectionPaidRequestSchema = z.strictObject({
  prompt: PromptSchema,
  /** Not used (the detector is vertical-free); accepted so clients that always send it are not refused. */
  vertical: optional(VerticalSchema),
});
export type FixInjectionBody = z.input<typeof FixInjectionPaidRequestSchema>;
export const FixInjectionRequestSchema = previewable(FixInjectionPaidRequestSchema.extend({ prompt: PromptSchema.optional(), preview }));
export type FixInjectionRequest = z.infer<typeof FixInjectionRequestSchema>;

export const PreflightRequestSchema = z.strictObject({
  prompt: PromptSchema,
  vertical,
  endpoint_url: optional(z.url({ protocol: /^https?$/ }).max(2048)),
});
export type PreflightRequest = z.infer<typeof PreflightRequestSchema>;
export type PreflightBody = z.input<typeof PreflightRequestSchema>;

export const ProxyRequestSchema = z.strictObject({
  prompt: PromptSchema,
  vertical,
  model: optional(z.string().min(1).max(200)),
  web_search: optional(z.boolean()),
});
export type ProxyRequest = z.infer<typeof ProxyRequestSchema>;
export type ProxyBody = z.input<typeof ProxyRequestSchema>;

