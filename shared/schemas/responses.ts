// Response bodies of SPEC.md: one schema per response, used by the code and by the tests.
import { z } from 'zod';
import { priceOf } from '../prices.js';
import {
  ComparisonScoresSchema,
  DimensionsSchema,
  FrameworksSchema,
  GradeSchema,
  InjectionPatternSchema,
  OUT_OF,
  RewriteStyleSchema,
  SVC_VERSION,
  ScoreObjectSchema,
  TotalSchema,
  VerticalSchema,
} from './common.js';

const svc_version = z.literal(SVC_VERSION);
const out_of = z.literal(OUT_OF);
const powered_by = z.string().min(1);

export const ErrorBodySchema = z.object({
  error: z.string().min(1),
  code: z.string().min(1),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const FreeScoreResponseSchema = z.object({
  svc_version,
  prompt: z.string(),
  vertical: VerticalSchema,
  score: TotalSchema,
  out_of,
  grade: GradeSchema,
  upgrade: z.string(),
  powered_by,
});
export type FreeScoreResponse = z.infer<typeof FreeScoreResponseSchema>;

export const TopFixesSchema = z.tuple([z.string().min(1), z.string().min(1), z.string().min(1)]);

export const ScoreResponseSchema = z.object({
  svc_version,
  prompt: z.string(),
  vertical: VerticalSchema,
  score: ScoreObjectSchema,
  top_fixes: TopFixesSchema,
  upgrade: z.string(),
  powered_by,
});
export type ScoreResponse = z.infer<typeof ScoreResponseSchema>;

const AnalysedPromptSchema = z.object({ prompt: z.string(), score: ScoreObjectSchema, output: z.string() });

export const FullResponseSchema = z.object({
  svc_version,
  original: AnalysedPromptSchema,
  optimized: AnalysedPromptSchema,
  improvement_pct: z.number().int(),
  explanation: z.string(),
  powered_by,
});
export type FullResponse = z.infer<typeof FullResponseSchema>;

export const BatchScoredRowSchema = z.strictObject({
  prompt: z.string(),
  vertical: VerticalSchema,
  score: TotalSchema,
  out_of,
  grade: GradeSchema,
  dimensions: DimensionsSchema,
  top_fixes: TopFixesSchema,
});
/** A failed row carries `error` in place of the score fields. */
export const BatchErrorRowSchema = z.strictObject({
  prompt: z.string().optional(),
  vertical: z.string().optional(),
  error: z.string().min(1),
});
export const BatchRowSchema = z.union([BatchScoredRowSchema, BatchErrorRowSchema]);
export type BatchRow = z.infer<typeof BatchRowSchema>;

/** Over the scored rows; a batch with none is refused with 400 before payment. */
export const BatchSummarySchema = z.object({
  total_scored: z.number().int().min(1),
  avg_score: z.number(),
  avg_out_of: out_of,
  lowest_grade: GradeSchema,
  highest_score: TotalSchema,
  lowest_score: TotalSchema,
});

export const BatchResponseSchema = z.object({
  svc_version,
  batch_size: z.number().int().min(1).max(10),
  results: z.array(BatchRowSchema).min(1).max(10),
  summary: BatchSummarySchema,
  powered_by,
});
export type BatchResponse = z.infer<typeof BatchResponseSchema>;

const ComparedModelSchema = z.object({ model: z.string(), output: z.string(), scores: ComparisonScoresSchema });

export const CompareResponseSchema = z.object({
  svc_version,
  original_prompt: z.string(),
  optimized_prompt: z.string(),
  vertical: VerticalSchema,
  results: z.object({ model_a: ComparedModelSchema, model_b: ComparedModelSchema }),
  winner: z.enum(['model_a', 'model_b']),
  verdict: z.string(),
  powered_by,
});
export type CompareResponse = z.infer<typeof CompareResponseSchema>;

export const CHAINS = ['base', 'solana'] as const;
export const CLEARANCES = ['CLEAR', 'CAUTION', 'BLOCK'] as const;

export const EndpointTrustSchema = z.object({
  wallet: z.string(),
  trust_score: z.number().min(0).max(100),
  trust_label: z.string(),
  resolution_source: z.string(),
});
export type EndpointTrust = z.infer<typeof EndpointTrustSchema>;

export const PreflightResponseSchema = z.object({
  svc_version,
  chain: z.enum(CHAINS),
  clearance: z.enum(CLEARANCES),
  confidence: z.number().min(0).max(1),
  prompt: z.object({
    score: TotalSchema,
    out_of,
    grade: GradeSchema,
    threshold_met: z.boolean(),
    top_issue: z.string().nullable(),
    dimensions: DimensionsSchema,
    feedback: z.array(z.string()),
  }),
  endpoint: EndpointTrustSchema.optional(),
  powered_by,
});
export type PreflightResponse = z.infer<typeof PreflightResponseSchema>;

export const SvcGradeResponseSchema = z.object({
  score: z.number().int().min(0).max(100),
  grade: GradeSchema,
  verdict: z.string().min(1),
  frameworks: FrameworksSchema,
  methodology_url: z.string().optional(),
  upgrade_url: z.string().optional(),
});
export type SvcGradeResponse = z.infer<typeof SvcGradeResponseSchema>;

export const VariantSchema = z.object({
  prompt: z.string(),
  style: RewriteStyleSchema,
  score: ScoreObjectSchema,
  delta_vs_baseline: z.number().int(),
});

export const VariantsResponseSchema = z.object({
  svc_version,
  original_prompt: z.string(),
  vertical: VerticalSchema,
  baseline_score: ScoreObjectSchema,
  variants: z.array(VariantSchema).min(1).max(5),
  best_variant_index: z.number().int().min(0),
  powered_by,
});
export type VariantsResponse = z.infer<typeof VariantsResponseSchema>;

export const FixInjectionResponseSchema = z.object({
  svc_version,
  injection_detected: z.boolean(),
  injection_confidence: z.number().min(0).max(1),
  injection_pattern: InjectionPatternSchema.nullable(),
  matched_signals: z.array(z.string()),
  sanitized_prompt: z.string(),
  detector: z.enum(['heuristic', 'llm', 'heuristic+llm']),
  powered_by,
});
export type FixInjectionResponse = z.infer<typeof FixInjectionResponseSchema>;

/** The free preview body of /api/variants and /api/fix-injection (a success body: svc_version too). */
export const previewSchemaOf = <T extends z.ZodType>(example: T) =>
  z.object({
    svc_version,
    mode: z.literal('preview'),
    message: z.string(),
    example_response: example,
    upgrade: z.string(),
    try_free: z.string(),
    powered_by,
  });
export const VariantsPreviewSchema = previewSchemaOf(VariantsResponseSchema);
export const FixInjectionPreviewSchema = previewSchemaOf(FixInjectionResponseSchema);

export const CitationSchema = z.object({ title: z.string(), url: z.string(), content: z.string(), date: z.string() });

const LlmSuccessSchema = z.strictObject({
  model: z.string(),
  content: z.string(),
  usage: z.record(z.string(), z.unknown()).nullable(),
  citations: z.array(CitationSchema),
  web_search_enabled: z.boolean(),
});
const LlmFailureSchema = z.strictObject({
  error: z.string().min(1),
  citations: z.array(CitationSchema),
  web_search_enabled: z.boolean(),
});

export const ProxyResponseSchema = z.object({
  svc_version,
  svc: z.object({
    total: TotalSchema,
    grade: GradeSchema,
    dimensions: DimensionsSchema,
    framework_breakdown: FrameworksSchema,
  }),
  preflight_warning: z.string().nullable(),
  improvement_suggestion: z.string().nullable(),
  llm: z.union([LlmSuccessSchema, LlmFailureSchema]),
  meta: z.object({
    endpoint: z.literal('/api/proxy/llm'),
    /** The proxy's price, or 0 when the provider call failed: such a call is not charged. */
    price_paid_usdc: z.union([z.literal(priceOf('/api/proxy/llm')), z.literal(0)]),
    request_id: z.uuid(),
  }),
  powered_by,
});
export type ProxyResponse = z.infer<typeof ProxyResponseSchema>;

export const ModelListResponseSchema = z.object({
  svc_version,
  default_model: z.string().nullable(),
  models: z.array(z.object({ id: z.string(), provider: z.string(), aliases: z.array(z.string()) })),
  powered_by,
});
export type ModelListResponse = z.infer<typeof ModelListResponseSchema>;

export const OptimizeResponseSchema = FullResponseSchema;

const Count = z.number().int().min(0);
export const QueueDepthSchema = z.object({ waiting: Count, delayed: Count, active: Count });
export type QueueDepth = z.infer<typeof QueueDepthSchema>;

/**
 * GET /readyz: 200 `status: "ready"` when Redis answers and every pool has a worker, else 503 with
 * `error`/`code: "not_ready"`. `checks` says which part failed; `pools` (live workers) and `queues`
 * (jobs per queue) are there whenever Redis answered.
 */
export const ReadinessSchema = z.object({
  status: z.literal('ready').optional(),
  error: z.string().optional(),
  code: z.literal('not_ready').optional(),
  version: z.string().min(1),
  checks: z.record(z.string(), z.enum(['ok', 'none', 'unreachable'])),
  pools: z.record(z.string(), z.object({ workers: Count })).optional(),
  queues: z.record(z.string(), QueueDepthSchema).optional(),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

/**
 * The 402 of a paid operation: `{error, code}` plus the x402 version 1 challenge (`x402Version: 1` and
 * `accepts`), which is absent when x402 is switched off; the version 2 challenge travels in the
 * `PAYMENT-REQUIRED` header. `accepts` entries follow @x402/core's PaymentRequirementsV1.
 */
export const ChallengeBodySchema = ErrorBodySchema.extend({
  x402Version: z.literal(1).optional(),
  accepts: z
    .array(
      z.looseObject({
        scheme: z.string(),
        network: z.string(),
        maxAmountRequired: z.string(),
        resource: z.string(),
        description: z.string(),
        mimeType: z.string(),
        outputSchema: z.record(z.string(), z.unknown()).optional(),
        payTo: z.string(),
        maxTimeoutSeconds: z.number(),
        asset: z.string(),
        extra: z.record(z.string(), z.unknown()).nullable().optional(),
      }),
    )
    .min(1)
    .optional(),
});
