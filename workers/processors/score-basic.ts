// Engine-only processors: cheap, CPU-bound, run on the score pool.
import { LINKS, POWERED_BY, UPGRADE_HINTS } from '../../shared/schemas/branding.js';
import { SVC_VERSION } from '../../shared/schemas/common.js';
import { scorePrompt, toScoreObject } from '../../shared/scoring/index.js';
import type { scoreDetailedJob, scoreFreeJob, svcGradeJob } from '../../shared/jobs.js';
import type { Processor } from './types.js';

export const scoreFree: Processor<typeof scoreFreeJob> = async ({ prompt, vertical }) => {
  const s = scorePrompt(prompt, vertical);
  return {
    svc_version: SVC_VERSION,
    prompt,
    vertical,
    score: s.total,
    out_of: s.out_of,
    grade: s.grade,
    upgrade: UPGRADE_HINTS.free,
    powered_by: POWERED_BY,
  };
};

export const scoreDetailed: Processor<typeof scoreDetailedJob> = async ({ prompt, vertical }) => {
  const s = scorePrompt(prompt, vertical);
  return {
    svc_version: SVC_VERSION,
    prompt,
    vertical,
    score: toScoreObject(s),
    top_fixes: s.top_fixes,
    upgrade: UPGRADE_HINTS.score,
    powered_by: POWERED_BY,
  };
};

export const svcGrade: Processor<typeof svcGradeJob> = async ({ prompt, vertical }) => {
  const s = scorePrompt(prompt, vertical);
  return {
    score: s.composite,
    grade: s.grade,
    verdict: s.verdict,
    frameworks: s.frameworks,
    methodology_url: LINKS.methodology,
    upgrade_url: LINKS.score,
  };
};
