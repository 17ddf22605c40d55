// Shared vocabulary of SPEC.md: the single source of truth for these shapes.
import { z } from 'zod';

export const SVC_VERSION = '2.0' as const;
export const OUT_OF = 80 as const;
export const MAX_PROMPT_CHARS = 10_000;

export const VERTICALS = [
  'software',
  'content',
  'business',
  'education',
  'science',
  'crypto',
  'general',
  'research',
] as const;
export const VerticalSchema = z.enum(VERTICALS);
export type Vertical = z.infer<typeof VerticalSchema>;

export const PromptSchema = z
  .string()
  .min(1, 'prompt must not be empty')
  .max(MAX_PROMPT_CHARS, `prompt must be at most ${MAX_PROMPT_CHARS} characters`);

export const GRADES = ['A', 'B', 'C', 'D', 'F'] as const;
export const GradeSchema = z.enum(GRADES);
export type Grade = z.infer<typeof GradeSchema>;

export const DIMENSION_NAMES = [
  'clarity',
  'specificity',
  'context',
  'constraints',
  'output_format',
  'role_definition',
  'examples',
  'cot_structure',
] as const;
export type DimensionName = (typeof DIMENSION_NAMES)[number];

const DimensionScore = z.number().int().min(1).max(10);
export const DimensionsSchema = z
  .object({
    clarity: DimensionScore,
    specificity: DimensionScore,
    context: DimensionScore,
    constraints: DimensionScore,
    output_format: DimensionScore,
    role_definition: DimensionScore,
    examples: DimensionScore,
    cot_structure: DimensionScore,
    total: z.number().int().min(8).max(80),
  })
  .refine(
    (d) => DIMENSION_NAMES.reduce((sum, name) => sum + d[name], 0) === d.total,
    { message: 'total must be the sum of the 8 dimensions' },
  );
export type Dimensions = z.infer<typeof DimensionsSchema>;

export const TotalSchema = z.number().int().min(8).max(80);

export const ScoreObjectSchema = z.object({
  total: TotalSchema,
  out_of: z.literal(OUT_OF),
  grade: GradeSchema,
  percentile: z.number().int().min(0).max(100),
  dimensions: DimensionsSchema,
});
export type ScoreObject = z.infer<typeof ScoreObjectSchema>;

const FrameworkNumber = z.number().min(0).max(10);
export const FrameworksSchema = z.object({
  peem: FrameworkNumber,
  ragas: FrameworkNumber,
  geval: FrameworkNumber,
});
export type Frameworks = z.infer<typeof FrameworksSchema>;

export const REWRITE_STYLES = ['detailed', 'concise', 'structured', 'role-framed', 'example-led'] as const;
export const RewriteStyleSchema = z.enum(REWRITE_STYLES);
export type RewriteStyle = z.infer<typeof RewriteStyleSchema>;

export const ComparisonScoresSchema = z.object({
  completeness: DimensionScore,
  relevancy: DimensionScore,
  reasoning_depth: DimensionScore,
  faithfulness: DimensionScore,
  total: z.number().int(),
});
export type ComparisonScores = z.infer<typeof ComparisonScoresSchema>;

export const INJECTION_PATTERNS = [
  'instruction_override',
  'role_hijack',
  'data_exfiltration',
  'delimiter_attack',
  'encoding_evasion',
  'jailbreak',
] as const;
export const InjectionPatternSchema = z.enum(INJECTION_PATTERNS);
export type InjectionPattern = z.infer<typeof InjectionPatternSchema>;
