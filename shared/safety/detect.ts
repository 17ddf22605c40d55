// Runs the rule catalogue over a prompt and its hidden layers (base64 blobs, Unicode tag text) and
// turns the signals into one calibrated confidence. Pure and deterministic.
import type { InjectionPattern } from '../schemas/common.js';
import { decodeTagText, normalizeForMatching, OBFUSCATION, type NormalizedText } from './normalize.js';
import { RULES, type Removal } from './rules.js';

/** injection_detected is confidence >= this; single strong rules reach it alone, weak ones need company */
export const DETECTION_THRESHOLD = 0.5;

export interface Finding {
  signal: string;
  pattern: InjectionPattern;
  weight: number;
  /** span of the original text the sanitizer should consider, before expansion */
  from: number;
  to: number;
  removal: Removal;
}

export interface Detection {
  confidence: number;
  detected: boolean;
  /** dominant pattern among the findings, null when nothing was detected */
  pattern: InjectionPattern | null;
  /** distinct signal labels, strongest first */
  signals: string[];
  findings: Finding[];
}

// Base64 long enough to carry a sentence; shorter runs are ids and hashes.
const BASE64_RUN = /[A-Za-z0-9+/_-]{24,}={0,2}/g;
const MAX_BLOBS = 16;
const MAX_BLOB_CHARS = 4096;
const TAG_RUN = /(?:\u{E0000}|[\u{E0001}-\u{E007F}])+/gu;
/** Tag characters also build flag emoji (England: 5 tags); more than this is smuggled text. */
const TAG_TEXT_MIN = 8;
/** Obfuscation wrapped around a real rule match outranks the rule: the hiding is the tell. */
const OBFUSCATION_BONUS = 0.05;

export function detectInjection(original: string): Detection {
  const findings: Finding[] = [];
  const normalized = normalizeForMatching(original);
  for (const { obfuscation, ...finding } of matchRules(normalized)) {
    findings.push(finding);
    if (obfuscation !== OBFUSCATION.none) findings.push(obfuscationFinding(finding, obfuscation));
  }
  findings.push(...hiddenLayerFindings(original));
  return summarize(findings);
}

/** Rule matches, each with the OBFUSCATION flags of the characters it matched. */
function matchRules(n: NormalizedText): Array<Finding & { obfuscation: number }> {
  const out: Array<Finding & { obfuscation: number }> = [];
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    for (const m of n.text.matchAll(rule.re)) {
      // a match may open on the separator the rule anchors to; the span starts at the first letter
      const lead = m[0].length - m[0].trimStart().length;
      const first = m.index + lead;
      const last = m.index + m[0].length - 1;
      if (last < first) continue;
      let obfuscation = 0;
      for (let i = first; i <= last; i++) obfuscation |= n.flags[i]!;
      out.push({
        obfuscation,
        signal: rule.signal,
        pattern: rule.pattern,
        weight: rule.weight,
        from: n.start[first]!,
        to: n.end[last]!,
        removal: rule.removal,
      });
    }
  }
  return out;
}

/** A rule that only matched because letters were folded or invisible characters dropped. */
function obfuscationFinding(f: Finding, flags: number): Finding {
  const kind = flags & OBFUSCATION.invisible ? 'zero_width' : flags & OBFUSCATION.leet ? 'leet' : 'homoglyph';
  return { ...f, signal: `encoding:${kind}`, pattern: 'encoding_evasion', weight: Math.min(0.95, f.weight + OBFUSCATION_BONUS) };
}

/** Text hidden from a human reader: base64 blobs that decode to an injection, and tag characters. */
function hiddenLayerFindings(original: string): Finding[] {
  const out: Finding[] = [];
  let blobs = 0;
  for (const m of original.matchAll(BASE64_RUN)) {
    if (++blobs > MAX_BLOBS) break;
    const decoded = decodeBase64Text(m[0].slice(0, MAX_BLOB_CHARS));
    const inner = decoded === null ? null : strongestRule(decoded);
    if (inner === null) continue;
    out.push({
      signal: 'encoding:base64_payload',
      pattern: 'encoding_evasion',
      weight: Math.min(0.95, inner + OBFUSCATION_BONUS),
      from: m.index,
      to: m.index + m[0].length,
      removal: 'match',
    });
  }
  const tagText = decodeTagText(original);
  if (tagText.length >= TAG_TEXT_MIN) {
    const inner = strongestRule(tagText);
    const weight = inner === null ? 0.55 : Math.min(0.95, inner + OBFUSCATION_BONUS);
    for (const m of original.matchAll(TAG_RUN)) {
      if ([...m[0]].length >= TAG_TEXT_MIN) {
        out.push({ signal: 'encoding:unicode_tags', pattern: 'encoding_evasion', weight, from: m.index, to: m.index + m[0].length, removal: 'match' });
      }
    }
  }
  return out;
}

function strongestRule(text: string): number | null {
  const found = matchRules(normalizeForMatching(text));
  return found.length === 0 ? null : Math.max(...found.map((f) => f.weight));
}

/** Mostly-printable ASCII, or null: binary blobs (images, keys) are not text to follow. */
function decodeBase64Text(blob: string): string | null {
  const bytes = Buffer.from(blob.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  if (bytes.length < 12) return null;
  let printable = 0;
  for (const b of bytes) if ((b >= 0x20 && b < 0x7f) || b === 0x0a || b === 0x0d || b === 0x09) printable++;
  return printable / bytes.length >= 0.95 ? bytes.toString('latin1') : null;
}

/**
 * Confidence is the noisy-OR of the strongest weight of each distinct signal: 1 - Π(1 - w). Independent
 * signals reinforce each other, repeats of one signal do not, and a prompt with no signal scores 0.
 */
function summarize(findings: Finding[]): Detection {
  const bySignal = new Map<string, Finding>();
  for (const f of findings) {
    const seen = bySignal.get(f.signal);
    if (!seen || f.weight > seen.weight) bySignal.set(f.signal, f);
  }
  const strongest = [...bySignal.values()].sort((a, b) => b.weight - a.weight || a.signal.localeCompare(b.signal));
  const confidence = round3(noisyOr(strongest.map((f) => f.weight)));
  const detected = confidence >= DETECTION_THRESHOLD;
  return {
    confidence,
    detected,
    pattern: detected ? dominantPattern(strongest) : null,
    signals: strongest.map((f) => f.signal),
    findings,
  };
}

/**
 * The pattern whose own signals combine to the most evidence; ties go to the strongest single signal.
 * Hiding wins outright: when a payload only surfaced after decoding or folding, the evasion is what
 * the caller most needs to know about.
 */
function dominantPattern(strongest: Finding[]): InjectionPattern {
  if (strongest.some((f) => f.pattern === 'encoding_evasion' && f.weight >= DETECTION_THRESHOLD)) return 'encoding_evasion';
  const perPattern = new Map<InjectionPattern, number[]>();
  for (const f of strongest) perPattern.set(f.pattern, [...(perPattern.get(f.pattern) ?? []), f.weight]);
  let best = strongest[0]!.pattern;
  let bestScore = -1;
  for (const f of strongest) {
    const score = noisyOr(perPattern.get(f.pattern)!);
    if (score > bestScore) {
      best = f.pattern;
      bestScore = score;
    }
  }
  return best;
}

/** 1 - Π(1 - w): independent evidence combined. */
export const noisyOr = (weights: number[]): number => 1 - weights.reduce((rest, w) => rest * (1 - w), 1);
export const round3 = (x: number): number => Math.round(x * 1000) / 1000;
