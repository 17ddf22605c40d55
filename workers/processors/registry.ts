// Job name -> processor. The worker pool looks processors up here; nothing else dispatches jobs.
// Typed by the job declarations (shared/jobs.ts): every job has exactly its processor.
import { fixInjection } from './fix-injection.js';
import { preflight } from './preflight.js';
import { proxyLlm } from './proxy-llm.js';
import { scoreBatch } from './score-batch.js';
import { scoreDetailed, scoreFree, svcGrade } from './score-basic.js';
import { scoreCompare } from './score-compare.js';
import { scoreFull } from './score-full.js';
import type { ProcessorTable } from './types.js';
import { variants } from './variants.js';

export const PROCESSORS: ProcessorTable = {
  'score.free': scoreFree,
  'score.detailed': scoreDetailed,
  'score.batch': scoreBatch,
  'svc-grade': svcGrade,
  variants,
  'fix-injection': fixInjection,
  preflight,
  'score.full': scoreFull,
  'score.compare': scoreCompare,
  'proxy.llm': proxyLlm,
};
