// The injection detector: the rule catalogue and the learned model over a prompt and over its hidden
// layers (base64, hex, Morse, braille, ROT13... see decode.ts), turned into one confidence. Pure and
// deterministic. docs/injection.md states how the parts combine; keep both in step.
import type { InjectionPattern } from '../schemas/common.js';
import { AnchorIndex, anchorTable } from './anchors.js';
import { hiddenLayers, type HiddenLayer } from './decode.js';
import { scoreText, type ModelVerdict, type ScoredSpan } from './model/model.js';
import { foldTypos, normalizeForMatching, OBFUSCATION, type NormalizedText } from './normalize.js';
import { GramIndex } from './prefilter.js';
import { holdsData, RULES, type Removal, type Rule } from './rules.js';

/** injection_detected is confidence >= this; single strong rules reach it alone, weak ones need company */
export const DETECTION_THRESHOLD = 0.5;
/** Below this the model's view is not evidence: it adds nothing to the confidence and names no signal. */
export const MODEL_FLOOR = 0.3;

/** What the sanitizer needs of a finding. */
export interface Cut {
  /** span of the original text the sanitizer should consider, before expansion */
  from: number;
  to: number;
  removal: Removal;
  /** model findings count once, through the model's own confidence, not one by one */
  source: 'rule' | 'model';
}

export interface Finding extends Cut {
  signal: string;
  pattern: InjectionPattern;
  weight: number;
}

export interface Detection {
  confidence: number;
  detected: boolean;
  /** dominant pattern among the findings, null when nothing was detected */
  pattern: InjectionPattern | null;
  /** distinct signal labels, strongest first */
  signals: string[];
  findings: Finding[];
  /** the learned model's confidence for the prompt (0 when it was not run) */
  modelConfidence: number;
}

export interface DetectOptions {
  /** run the learned model (default); off, only the rules judge (the trainer measures them alone) */
  model?: boolean;
}

/** Obfuscation wrapped around a real rule match outranks the rule: the hiding is the tell. */
const OBFUSCATION_BONUS = 0.05;
/** Tag characters carrying text no rule or model recognises are still smuggled text. */
const UNKNOWN_TAG_TEXT_WEIGHT = 0.55;

export function detectInjection(original: string, options: DetectOptions = {}): Detection {
  const { findings, model } = gather(original, options.model ?? true);
  if (model === null) return summarize(findings, 0);
  return summarize([...findings, ...modelFindings(model)], model.verdict.confidence);
}

/**
 * What sanitizing cuts from `original`: detectInjection's findings (the same spans, in the same
 * order), without the summary and without naming the family of the model's spans.
 */
export function injectionCuts(original: string): Cut[] {
  const { findings, model } = gather(original, true);
  return model === null ? findings : [...findings, ...reportedSpans(model.verdict).map((s) => modelCut(s, model))];
}

/** The model's verdict on a prompt, and the way from the text it read back to the prompt. */
interface ModelView {
  verdict: ModelVerdict;
  normalized: NormalizedText;
  toNormalized: ArrayLike<number> | null;
}

/** Rule and decoder findings, and the model's view when it runs. */
function gather(original: string, useModel: boolean): { findings: Finding[]; model: ModelView | null } {
  const normalized = normalizeForMatching(original);
  const quoted = examplesQuoted(original);
  const findings: Finding[] = [];
  for (const { obfuscation, ...finding } of ruleFindings(normalized)) {
    if (within(quoted, finding) || namedToken(original, finding)) continue;
    findings.push(finding);
    if (obfuscation !== OBFUSCATION.none) findings.push(obfuscationFinding(finding, obfuscation));
  }
  const layers = hiddenLayers(original);
  for (const layer of layers) if (!within(quoted, layer)) findings.push(...layerFindings(layer, original, useModel));
  if (!useModel) return { findings, model: null };
  // the model reads the prompt without quoted examples and without the encoded runs the decoders
  // already judged: what an encoding looks like says nothing about what it carries
  const hidden = [...quoted, ...selfCorrections(original), ...layers.filter((l) => l.kind !== 'rot13' && l.kind !== 'reversed')];
  const view = hidden.length === 0 ? { text: normalized.text, toNormalized: null } : maskedView(normalized, hidden, original.length);
  return { findings, model: { verdict: scoreText(view.text), normalized, toNormalized: view.toNormalized } };
}

/** Rule matches on the text, then on its spelling-corrected form for the signals only a typo hid. */
function ruleFindings(n: NormalizedText): Array<Finding & { obfuscation: number }> {
  const found = matchRules(n);
  const folded = foldTypos(n);
  if (folded === null) return found;
  const seen = new Set(found.map((f) => f.signal));
  return [...found, ...matchRules(folded).filter((f) => !seen.has(f.signal))];
}

interface Span {
  from: number;
  to: number;
}

// A prompt that discusses attacks (a filter to test, a message to classify, a report to write)
// quotes them as examples: the quoted attack is the subject, not an instruction. Only quotes in such
// a prompt are set aside, and only the cue words outside the quotes count.
const DEFENSIVE_CUE =
  /\b(?:prompt injections?|injections?|jailbreaks?|attacks?|attackers?|malicious|phishing|red[- ]?team(?:ing|ers)?|filters?|guardrails?|detect(?:s|ed|ion|or)?|block(?:s|ed)?|regex(?:es)?|regular expressions?|security|refus(?:e|es|ed|al)|examples? of|such as|spam|scams?|logged|moderat(?:e|ion|or)|sanitiz(?:e|er|ing)|unit tests?|test cases?|suspicious|something like|(?:users?|customers?|someone|people) (?:says?|types?|writes?|pastes?|sends?|tries|try))\b/i;
const QUOTES = /(?<![\p{L}\p{N}])'[^'\n]{8,400}'(?![\p{L}\p{N}])|"[^"\n]{8,400}"|\u201c[^\u201d\n]{8,400}\u201d|\u2018[^\u2019\n]{8,400}\u2019|`[^`\n]{8,400}`/gu;
const MAX_QUOTES = 32;

function examplesQuoted(original: string): Span[] {
  const spans: Span[] = [];
  for (const m of original.matchAll(QUOTES)) {
    if (spans.length === MAX_QUOTES) break;
    spans.push({ from: m.index, to: m.index + m[0].length });
  }
  if (spans.length === 0) return [];
  let outside = '';
  let cursor = 0;
  for (const s of spans) {
    outside += `${original.slice(cursor, s.from)} `;
    cursor = s.to;
  }
  outside += original.slice(cursor);
  return DEFENSIVE_CUE.test(outside) ? spans : [];
}

// A user taking back their own request ("Actually, ignore that and write a haiku instead") reads like
// an override to a bag of words; the rules exempt it (override:ignore_that), and the model does not
// see that sentence either (the other rules still do). Without the self-correcting opener the same
// words are judged as usual.
const SELF_CORRECTION = /\b(?:actually|wait|oops|sorry|hmm|no|on second thought)[,.!]? (?:please )?(?:ignore|disregard|forget|scratch|never mind) (?:that|this|it|my (?:last|previous) (?:message|request|question))\b[^.!?\n]{0,200}[.!?]?/gi;

function selfCorrections(original: string): Span[] {
  return [...original.matchAll(SELF_CORRECTION)].slice(0, MAX_QUOTES).map((m) => ({ from: m.index, to: m.index + m[0].length }));
}

const within = (spans: readonly Span[], s: Span): boolean => spans.some((q) => s.from >= q.from && s.to <= q.to);

// A chat-template token or tag that is named ("the <|im_start|> token", "a tag like [INST]") is being
// talked about; an attack uses it bare to open a turn.
const TOKEN_SIGNALS = new Set(['delimiter:chat_template_token', 'delimiter:inst_tag', 'delimiter:fake_system_tag']);
const NAMED_BEFORE = /(?:\bthe|\blike|\bsuch as|\bas|\be\.g\.,?|\bcalled|\bnamed)\s*[`'"\u2018\u201c]?$/i;
const NAMED_AFTER = /^[`'"\u2019\u201d]?\s*(?:special )?(?:tokens?|tags?|markers?|delimiters?|sequences?)\b/i;
// A tokenizer or template being worked on: "keeps splitting <|endoftext|>", "how do I escape [INST]".
const WORKED_ON_BEFORE = /\b(?:split(?:s|ting)?|tokeni[sz](?:e|es|ed|ing)|encod(?:e|es|ed|ing)|decod(?:e|es|ed|ing)|escap(?:e|es|ed|ing)|strip(?:s|ped|ping)?)\s+(?:the\s+|a\s+|an\s+)?[`'"\u2018\u201c]?$/i;

function namedToken(original: string, f: Finding): boolean {
  if (!TOKEN_SIGNALS.has(f.signal)) return false;
  const token = original.slice(f.from, f.to).match(/^\S+/)?.[0] ?? '';
  const before = original.slice(Math.max(0, f.from - 24), f.from);
  return (
    NAMED_BEFORE.test(before.slice(-16)) ||
    WORKED_ON_BEFORE.test(before) ||
    NAMED_AFTER.test(original.slice(f.from + token.length, f.from + token.length + 24)) ||
    inCode(original, f.from)
  );
}

/** Inside an inline code span (`…` on one line) or a string literal ('<|im_start|>' in a template):
 *  shown as code, not opening a turn. An attack that quotes its own marker gains nothing by it: the
 *  rest of its text is read as usual. Code spans are short, so only CODE_REACH characters either
 *  side are read: a prompt of many tokens stays linear. */
const CODE_REACH = 200;

function inCode(original: string, at: number): boolean {
  const reach = original.slice(Math.max(0, at - CODE_REACH), at);
  const before = reach.slice(reach.lastIndexOf('\n') + 1);
  let ticks = 0;
  for (const ch of before) if (ch === '`') ticks++;
  if (ticks % 2 === 1) {
    const after = original.slice(at, at + CODE_REACH);
    const close = after.indexOf('`');
    if (close > 0 && !after.slice(0, close).includes('\n')) return true;
  }
  const opener = before.at(-1);
  return (opener === "'" || opener === '"') && before.length >= 2 && /[\s({[+=,]/.test(before.at(-2)!);
}

/** The normalized text without the characters whose source lies in `hidden`, and the way back. */
const SPACE = 0x20;

function maskedView(n: NormalizedText, hidden: readonly Span[], length: number): { text: string; toNormalized: ArrayLike<number> } {
  // hiddenBefore[k]: how many of the original's first k characters are hidden, so a character is
  // hidden when every original character it came from is (one pass, however many spans)
  const mark = new Uint8Array(length);
  for (const h of hidden) mark.fill(1, h.from, h.to);
  const hiddenBefore = new Int32Array(length + 1);
  for (let k = 0; k < length; k++) hiddenBefore[k + 1] = hiddenBefore[k]! + mark[k]!;
  // the kept characters go in runs, sliced from the normalized text
  const parts: string[] = [];
  const toNormalized = new Int32Array(n.text.length);
  let kept = 0;
  let last = -1;
  let run = -1;
  const flush = (end: number): void => {
    if (run >= 0) parts.push(n.text.slice(run, end));
    run = -1;
  };
  for (let i = 0; i < n.text.length; i++) {
    const from = n.start[i]!;
    const to = n.end[i]!;
    if (to > from ? hiddenBefore[to]! - hiddenBefore[from]! === to - from : mark[from] === 1) {
      flush(i);
      // one space stands for a hidden run, so the words either side stay apart
      if (kept > 0 && last !== SPACE) {
        parts.push(' ');
        last = SPACE;
        toNormalized[kept++] = i;
      }
      continue;
    }
    if (run < 0) run = i;
    last = n.text.charCodeAt(i);
    toNormalized[kept++] = i;
  }
  flush(n.text.length);
  return { text: parts.join(''), toNormalized: toNormalized.subarray(0, kept) };
}

/** Rule matches, each with the OBFUSCATION flags of the characters it matched. */
function matchRules(n: NormalizedText): Array<Finding & { obfuscation: number }> {
  const out: Array<Finding & { obfuscation: number }> = [];
  const text = n.text;
  const data = holdsData(text);
  const counts = (rule: Rule): boolean => !rule.inData || data;
  // one pass finds where each rule's matches can start: a rule whose anchors the text lacks is done
  const anchored = new AnchorIndex(text, ANCHORS, (r) => counts(RULES[r]!));
  // and the trigrams spare most of the others their expression: those whose words the text lacks
  let grams: GramIndex | undefined;
  const found = (rule: Rule, at: number, matched: string): void => {
    // a match may open on the separator the rule anchors to; the span starts at the first letter
    const lead = matched.length - matched.trimStart().length;
    const first = at + lead;
    const last = at + matched.length - 1;
    if (last < first) return;
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
      source: 'rule',
    });
  };
  RULES.forEach((rule, r) => {
    if (!counts(rule) || (rule.anchors !== null && anchored.offsets[r]!.length === 0)) return;
    if (!(grams ??= new GramIndex(text)).passes(rule.needs)) return;
    if (rule.anchors === null) {
      rule.re.lastIndex = 0;
      for (const m of text.matchAll(rule.re)) found(rule, m.index, m[0]);
      return;
    }
    // the leftmost match from `next` on opens at the first anchor offset where the sticky
    // expression matches: the same matches as the global scan, found in the same order
    let next = 0;
    for (const at of anchored.offsets[r]!) {
      if (at < next) continue;
      rule.sticky.lastIndex = at;
      const m = rule.sticky.exec(text);
      if (m === null) continue;
      found(rule, at, m[0]);
      next = at + m[0].length;
    }
  });
  return out;
}

/** The anchors of the rule catalogue, looked up once per text by AnchorIndex. */
const ANCHORS = anchorTable(RULES.map((rule) => rule.anchors));

/** A rule that only matched because letters were folded or invisible characters dropped. */
function obfuscationFinding(f: Finding, flags: number): Finding {
  const kind = flags & OBFUSCATION.invisible ? 'zero_width' : flags & OBFUSCATION.leet ? 'leet' : 'homoglyph';
  return { ...f, signal: `encoding:${kind}`, pattern: 'encoding_evasion', weight: Math.min(0.95, f.weight + OBFUSCATION_BONUS) };
}

/**
 * A hidden layer is judged like a prompt of its own. When its decoded text holds an injection (a rule
 * or the model says so), the encoded span is reported as `encoding:<kind>`. ROT13 and reversed text
 * decode the whole prompt, so only the sentences that carried the injection are cut.
 */
function layerFindings(layer: HiddenLayer, original: string, useModel: boolean): Finding[] {
  const inner = judgeDecoded(layer.decoded, useModel);
  if (inner.weight === null) {
    if (layer.kind !== 'unicode_tags') return [];
    inner.weight = UNKNOWN_TAG_TEXT_WEIGHT - OBFUSCATION_BONUS;
  }
  const finding = { signal: LAYER_SIGNAL[layer.kind] ?? `encoding:${layer.kind}`, pattern: 'encoding_evasion' as const, weight: Math.min(0.95, inner.weight + OBFUSCATION_BONUS), source: 'rule' as const };
  if (layer.kind === 'rot13') {
    // ROT13 keeps every character in place: spans in the decoded text are spans of the original
    return inner.spans.map((s) => ({ ...finding, from: s.from, to: s.to, removal: 'sentence' as const }));
  }
  if (layer.kind === 'reversed') {
    return inner.spans.map((s) => ({ ...finding, from: original.length - s.to, to: original.length - s.from, removal: 'line' as const }));
  }
  return [{ ...finding, from: layer.from, to: layer.to, removal: 'match' }];
}

/** Signal names that predate the other decoders, kept so clients matching on them keep working. */
const LAYER_SIGNAL: Partial<Record<HiddenLayer['kind'], string>> = { base64: 'encoding:base64_payload' };

/** The strongest evidence in decoded text, and where in it (offsets of the decoded text). */
function judgeDecoded(decoded: string, useModel: boolean): { weight: number | null; spans: Array<{ from: number; to: number }> } {
  const n = normalizeForMatching(decoded);
  const found = ruleFindings(n);
  let weight = found.length === 0 ? null : Math.max(...found.map((f) => f.weight));
  const spans = found.map((f) => ({ from: f.from, to: f.to }));
  if (useModel) {
    const verdict = scoreText(n.text);
    if (verdict.confidence >= DETECTION_THRESHOLD) {
      weight = Math.max(weight ?? 0, verdict.confidence);
      for (const s of verdict.flagged.length > 0 ? verdict.flagged : [verdict.best]) spans.push(originalSpan(n, s));
    }
  }
  return { weight, spans };
}

/** Original offsets of a span of the normalized text, or of a masked view of it. */
function originalSpan(n: NormalizedText, s: Span, toNormalized: ArrayLike<number> | null = null): Span {
  if (s.to <= s.from) return { from: 0, to: 0 };
  const first = toNormalized ? toNormalized[s.from]! : s.from;
  const last = toNormalized ? toNormalized[s.to - 1]! : s.to - 1;
  return { from: n.start[first]!, to: n.end[last]! };
}

/** `model:segment_3` (the third sentence or line), `model:segment_3-4`, or `model:prompt` (the whole text). */
const modelSignal = (s: ScoredSpan): string =>
  s.units === null ? 'model:prompt' : s.units[0] === s.units[1] ? `model:segment_${s.units[0] + 1}` : `model:segment_${s.units[0] + 1}-${s.units[1] + 1}`;

/**
 * Segments the model flags on their own are cut like a rule's match. When none is, but the model
 * still has a view worth stating (whole prompt, or a segment under the bar), it is named and not cut.
 */
const reportedSpans = ({ flagged, best }: ModelVerdict): readonly ScoredSpan[] => (flagged.length > 0 ? flagged : best.confidence >= MODEL_FLOOR ? [best] : []);

const modelCut = (s: ScoredSpan, view: ModelView): Cut => ({
  ...originalSpan(view.normalized, s, view.toNormalized),
  removal: s.confidence >= DETECTION_THRESHOLD ? 'match' : 'none',
  source: 'model',
});

function modelFindings(view: ModelView): Finding[] {
  return reportedSpans(view.verdict).map((s) => ({ signal: modelSignal(s), pattern: s.pattern, weight: s.confidence, ...modelCut(s, view) }));
}

/**
 * The confidence of rules and model together: noisy-OR, 1 - (1 - rules)(1 - model), where the model
 * counts only from MODEL_FLOOR up. One definition, shared with the trainer's threshold choice.
 */
export function combineConfidence(ruleConfidence: number, modelConfidence: number): number {
  return noisyOr([ruleConfidence, modelConfidence >= MODEL_FLOOR ? modelConfidence : 0]);
}

/**
 * Rule confidence is the noisy-OR of the strongest weight of each distinct rule signal: 1 - Π(1 - w).
 * Independent signals reinforce each other, repeats of one signal do not, and a prompt with no signal
 * scores 0. The model then joins once, through combineConfidence.
 */
function summarize(findings: Finding[], modelConfidence: number): Detection {
  const bySignal = new Map<string, Finding>();
  for (const f of findings) {
    const seen = bySignal.get(f.signal);
    if (!seen || f.weight > seen.weight) bySignal.set(f.signal, f);
  }
  const strongest = [...bySignal.values()].sort((a, b) => b.weight - a.weight || a.signal.localeCompare(b.signal));
  const rules = noisyOr(strongest.filter((f) => f.source === 'rule').map((f) => f.weight));
  const confidence = round3(combineConfidence(rules, modelConfidence));
  const detected = confidence >= DETECTION_THRESHOLD;
  return {
    confidence,
    detected,
    pattern: detected ? dominantPattern(strongest) : null,
    signals: strongest.map((f) => f.signal),
    findings,
    modelConfidence,
  };
}

/**
 * The pattern whose own signals combine to the most evidence; ties go to the strongest single signal.
 * Only rule signals count when the rules detect on their own (they say what they saw); otherwise the
 * model's segments, named by its family classifier, count too. Hiding wins outright: when a payload
 * only surfaced after decoding or folding, the evasion is what the caller most needs to know about.
 */
function dominantPattern(all: Finding[]): InjectionPattern {
  if (all.some((f) => f.pattern === 'encoding_evasion' && f.source === 'rule' && f.weight >= DETECTION_THRESHOLD)) return 'encoding_evasion';
  // rules that detect on their own name the pattern; the model's family names it otherwise
  const rules = all.filter((f) => f.source === 'rule');
  const strongest = noisyOr(rules.map((f) => f.weight)) >= DETECTION_THRESHOLD ? rules : all;
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
