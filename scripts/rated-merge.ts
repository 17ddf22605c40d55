// Adds a batch of rated prompts to the calibration set and draws its split by the fixed rule
// (scripts/lib/rated.ts splitOf: within the batch and shape, sha256(id) order, the first 30% held
// out), so the split never depends on a rating or an engine score and earlier prompts keep theirs.
//   npm run rated:merge -- <batch.json> <prefix>   appends the batch (prompts without "split", ids <prefix>-###),
//                                                  registers <prefix> as a new split batch and writes the fixture
//   npm run rated:merge -- --check                 exits 1 when some prompt's split is not the rule's
// The meta's how_written / how_rated for the batch are edited by hand: they say who wrote and rated it.
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { DIMENSION_NAMES } from '../shared/schemas/common.js';
import { RATED_PATH, readRatedSet, splitOf, type RatedPrompt, type RatedSet } from './lib/rated.js';

const Incoming = z.array(z.object({ id: z.string() }).passthrough());

function check(set: RatedSet): string[] {
  const rule = splitOf(set);
  return set.prompts.filter((p) => rule.get(p.id) !== p.split).map((p) => p.id);
}

/** The raters' mean, recomputed: a batch's stated mean must be the mean of its ratings. */
function verifyMeans(p: RatedPrompt): void {
  const raters = Object.values(p.ratings);
  let total = 0;
  for (const d of DIMENSION_NAMES) {
    const m = raters.reduce((s, r) => s + r[d], 0) / raters.length;
    if (Math.abs(m - p.mean[d]) > 1e-9) throw new Error(`${p.id}: mean.${d} is ${p.mean[d]}, the ratings give ${m}`);
    total += m;
  }
  if (Math.abs(total - p.mean_total) > 1e-9) throw new Error(`${p.id}: mean_total is ${p.mean_total}, the ratings give ${total}`);
}

function main(): void {
  const set = readRatedSet();
  if (process.argv.includes('--check')) {
    const wrong = check(set);
    if (wrong.length > 0) {
      console.error(`rated-prompts.json: split not by the rule for ${wrong.join(', ')}`);
      process.exit(1);
    }
    console.log(`rated-prompts.json: ${set.prompts.length} prompts, every split by the rule`);
    return;
  }
  const [path, prefix] = process.argv.slice(2);
  if (path === undefined || prefix === undefined) throw new Error('usage: npm run rated:merge -- <batch.json> <prefix>');
  if (set.meta.split_batches.some((b) => b.includes(prefix))) throw new Error(`batch '${prefix}' is already in the set`);
  const incoming = Incoming.parse(JSON.parse(readFileSync(path, 'utf8')));
  const known = new Set(set.prompts.map((p) => p.id));
  for (const p of incoming) {
    if (!p.id.startsWith(`${prefix}-`)) throw new Error(`${p.id} does not start with '${prefix}-'`);
    if (known.has(p.id)) throw new Error(`${p.id} is already in the set`);
    known.add(p.id);
  }
  // The meta as written (parsing puts the declared keys first), with the new batch registered.
  const written = JSON.parse(readFileSync(RATED_PATH, 'utf8')) as { meta: RatedSet['meta'] };
  const meta = { ...written.meta, split_batches: [...set.meta.split_batches, [prefix]] };
  const rule = splitOf({ meta, prompts: [...set.prompts, ...(incoming as unknown as RatedPrompt[])] });
  const added = incoming.map((p) => ({ ...p, split: rule.get(p.id) }) as RatedPrompt);
  added.forEach(verifyMeans);
  const next = { meta, prompts: [...set.prompts, ...added] };
  const moved = check(readRatedSet.schema.parse(next));
  if (moved.length > 0) throw new Error(`the rule would move ${moved.join(', ')}`);
  writeFileSync(RATED_PATH, `${JSON.stringify(next, null, 1)}\n`);
  const held = added.filter((p) => p.split === 'heldout').length;
  console.log(`added ${added.length} prompts (${held} held out, ${added.length - held} train); set: ${next.prompts.length}`);
}

main();
