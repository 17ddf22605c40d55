// Ties shared/safety/model/weights.json to what produced it. Always: the fingerprint of the training
// script, the feature and rule code and the hyperparameters. With the corpus on disk (it is not in
// the repository; CI clones may lack it): the corpus hash, and a real retrain that must give the same
// bytes. Fix a failure with `npm run train:injection`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HASH_BITS } from '../../shared/safety/model/features.js';
import type { WeightsFile } from '../../shared/safety/model/model.js';
import {
  corpusPath,
  fingerprint,
  fitFinal,
  HOLDOUT_PATH,
  HYPERPARAMETERS,
  loadCorpus,
  renderWeights,
  WEIGHTS_PATH,
  type OperatingPoint,
} from '../../scripts/train-injection.js';

const text = readFileSync(WEIGHTS_PATH, 'utf8');
const weights = JSON.parse(text) as WeightsFile;
const corpus = corpusPath([], process.env);
const hasCorpus = existsSync(corpus);
const skipNote = hasCorpus ? '' : ` (skipped: no corpus at ${corpus}; set INJECTION_CORPUS to run it)`;

describe('weights.json', () => {
  it('was trained by the current training script, feature code, rules and hyperparameters', () => {
    expect(weights.fingerprint, 'weights.json is stale: run npm run train:injection').toBe(fingerprint());
    expect(weights.hyperparameters).toEqual({ ...HYPERPARAMETERS, hashBits: HASH_BITS });
  });

  it('holds one weight per hash bucket and stays a few MB', () => {
    expect(Buffer.from(weights.weights, 'base64').length).toBe(2 * (1 << HASH_BITS));
    expect(Buffer.from(weights.family.weights, 'base64').length).toBe(6 * (1 << weights.family.bits));
    expect(statSync(WEIGHTS_PATH).size).toBeLessThan(4_000_000);
    expect(weights.slope).toBeGreaterThan(0);
  });

  it(`matches the corpus it says it was trained on${skipNote}`, { skip: !hasCorpus }, () => {
    const { sha256, cases } = loadCorpus(corpus);
    expect(weights.corpus).toEqual({ sha256, cases: cases.length });
    const holdout = JSON.parse(readFileSync(HOLDOUT_PATH, 'utf8')) as { corpus_sha256: string; fingerprint: string; operating_point: OperatingPoint };
    expect(holdout).toMatchObject({ corpus_sha256: sha256, fingerprint: weights.fingerprint, operating_point: { threshold: weights.threshold, slope: weights.slope } });
  });

  // The final fit only (the leave-one-source-out folds that chose the threshold take minutes:
  // `npm run train:injection -- --check` reruns everything).
  it(`is byte for byte what retraining on the corpus gives${skipNote}`, { skip: !hasCorpus, timeout: 600_000 }, () => {
    const data = loadCorpus(corpus);
    const op = { threshold: weights.threshold, slope: weights.slope };
    expect(renderWeights(data, fitFinal(data), op, weights.holdout) === text, 'weights.json differs from a retrain: run npm run train:injection').toBe(true);
  });
});
