// The rule catalogue's matches over the evaluation fixtures, as the detector sees them (normalized
// text): what the anchor and prefilter suites hold their analyses to, so a rule the fixtures match
// is checked by both on the same matches.
import { readFileSync } from 'node:fs';
import { normalizeForMatching } from '../../shared/safety/normalize.js';
import { RULES, type Rule } from '../../shared/safety/rules.js';

export interface CatalogueMatch {
  rule: Rule;
  /** the normalized text matched */
  text: string;
  match: RegExpMatchArray & { index: number };
}

/** Every match of every rule over the fixtures' texts, text by text, rule by rule. */
export function catalogueMatches(): CatalogueMatch[] {
  const { cases } = JSON.parse(readFileSync(new URL('../fixtures/injection-cases.json', import.meta.url), 'utf8')) as { cases: Array<{ text: string }> };
  const out: CatalogueMatch[] = [];
  for (const c of cases) {
    const text = normalizeForMatching(c.text).text;
    for (const rule of RULES) {
      rule.re.lastIndex = 0;
      for (const match of text.matchAll(rule.re)) out.push({ rule, text, match: match as CatalogueMatch['match'] });
    }
  }
  return out;
}
