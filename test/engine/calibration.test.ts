// The calibration corpus and its precomputed distribution. The last test fails whenever the
// engine changed and `npm run calibrate` was not run.
import { describe, expect, it } from 'vitest';
import { VERTICALS } from '../../shared/schemas/common.js';
import { CORPUS_SIZE, SORTED_TOTALS } from '../../shared/scoring/calibration/distribution.js';
import { corpusTotals } from '../../scripts/calibrate.js';
import { readJson } from './support.js';

interface Entry {
  vertical: string;
  prompt: string;
}
const corpus = readJson<Entry[]>('shared/scoring/calibration/corpus.json');

describe('calibration corpus', () => {
  it('has 300+ prompts over every vertical, one-liners to long structured ones', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    for (const v of VERTICALS) expect(corpus.filter((e) => e.vertical === v).length).toBeGreaterThanOrEqual(30);
    expect(corpus.some((e) => e.prompt.split(/\s+/).length <= 3)).toBe(true);
    expect(corpus.filter((e) => e.prompt.includes('\n\n') && e.prompt.length > 400).length).toBeGreaterThanOrEqual(16);
    expect(new Set(corpus.map((e) => e.prompt)).size).toBe(corpus.length);
  });

  it('distribution.ts matches the current engine (run `npm run calibrate` after engine changes)', () => {
    expect(CORPUS_SIZE).toBe(corpus.length);
    expect(corpusTotals(corpus)).toEqual([...SORTED_TOTALS]);
  });
});
