// Shared helpers for the engine tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Vertical } from '../../shared/schemas/common.js';

export interface EvalPair {
  id: string;
  vertical: Vertical;
  kind: string;
  weak: string;
  strong: string;
}

const root = join(import.meta.dirname, '..', '..');

export function readJson<T>(relative: string): T {
  return JSON.parse(readFileSync(join(root, relative), 'utf8')) as T;
}

export const loadPairs = (): EvalPair[] => readJson<EvalPair[]>('test/fixtures/eval-pairs.json');
