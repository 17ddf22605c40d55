// Rules are tried only where one of their anchors starts: every match must open with one, or the
// sticky scan would miss it. Checked on small expressions and on the catalogue over the fixtures.
import { describe, expect, it } from 'vitest';
import { AnchorIndex, anchorsOf, anchorTable } from '../../shared/safety/anchors.js';
import { RULES } from '../../shared/safety/rules.js';
import { catalogueMatches } from './catalogue-matches.js';

describe('anchorsOf', () => {
  it('takes the first characters of every branch, through optional parts and lookarounds', () => {
    expect(anchorsOf(/\b(?:ignore|disregard)[ \n]all/g)).toEqual({ strings: ['dis', 'ign'], atStart: false });
    expect(anchorsOf(/(?<=[.!?] )(?:please )?say/g)).toEqual({ strings: ['ple', 'say'], atStart: false });
    expect(anchorsOf(/(?:^|\n)system:/g)).toEqual({ strings: ['\nsy'], atStart: true });
    expect(anchorsOf(/summari[sz]e|ai[,:]/g)).toEqual({ strings: ['ai,', 'ai:', 'sum'], atStart: false });
  });

  it('gives up where a match may open on anything, or be empty', () => {
    expect(anchorsOf(/[a-z]+\.com/g)).toBeNull();
    expect(anchorsOf(/(?:ok )?.{0,3}ignore/g)).toBeNull();
    expect(anchorsOf(/(?:ignore)?/g)).toBeNull();
    expect(anchorsOf(/ignore/gi)).toBeNull();
  });

  it('keeps an anchor shorter than three characters when the match may end there', () => {
    expect(anchorsOf(/<\|[a-z]/g)).toEqual({ strings: ['<|'], atStart: false });
  });
});

describe('AnchorIndex', () => {
  it('lists, per rule, the offsets where its anchors start', () => {
    const table = anchorTable([anchorsOf(/\bignore\b/g), anchorsOf(/(?:^|\n)x/g), null]);
    const index = new AnchorIndex('ignore this\nx and ignore', table, () => true);
    expect(index.offsets[0]).toEqual([0, 18]);
    expect(index.offsets[1]).toEqual([0, 11]);
    expect(index.offsets[2]).toEqual([]);
  });
});

describe('the rule catalogue under its anchors', () => {
  it('derives anchors for most rules', () => {
    expect(RULES.filter((r) => r.anchors !== null).length).toBeGreaterThan(RULES.length * 0.9);
  });

  it('never misses a match: every match opens with an anchor, or at offset 0 when pinned there', () => {
    let matches = 0;
    for (const { rule, text, match: m } of catalogueMatches()) {
      if (rule.anchors === null) continue;
      matches++;
      const opens = rule.anchors.strings.some((s) => text.startsWith(s, m.index)) || (rule.anchors.atStart && m.index === 0);
      expect(opens, `${rule.signal}: ${JSON.stringify(m[0])}`).toBe(true);
    }
    expect(matches).toBeGreaterThan(200);
  });
});
