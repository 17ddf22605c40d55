// The service's vocabulary as the page needs it. scripts/build-web.ts injects it at build time from
// shared/schemas, so the page repeats no list or limit and its bundle carries no zod.
import type { Vertical } from '../shared/schemas/common.js';

export interface PageVocab {
  verticals: readonly Vertical[];
  /** Prompt length limit, in code points. */
  maxPromptChars: number;
  maxVariants: number;
  defaultVariants: number;
}

declare const PROMPTGATE_VOCAB: PageVocab;

export const VOCAB: PageVocab = PROMPTGATE_VOCAB;

/** A prompt's length as the server counts it: in code points, so an emoji is one character. */
export const promptLength = (text: string) => [...text].length;
