// Hidden layers: text an attacker encoded so that neither a reader nor a keyword rule sees it. Each
// decoder finds its encoding in the ORIGINAL prompt and returns the decoded text with the span it
// came from; the detector then judges the decoded text like any prompt and, when it holds an
// injection, reports the span under `encoding:<kind>` so the sanitizer can cut it.
//
// Every decoder is one linear scan, capped in how many layers it returns and how long they are.

export type EncodingKind = 'base64' | 'hex' | 'binary' | 'url' | 'morse' | 'braille' | 'rot13' | 'reversed' | 'spaced' | 'unicode_tags';

export interface HiddenLayer {
  kind: EncodingKind;
  /** span of the original text that carries the layer */
  from: number;
  to: number;
  decoded: string;
}

const MAX_LAYERS_PER_KIND = 16;
const MAX_LAYER_CHARS = 4096;

/** Mostly printable ASCII, or null: binary blobs (images, keys, hashes) are not text to follow. */
function printableText(bytes: Uint8Array): string | null {
  if (bytes.length < 12) return null;
  let printable = 0;
  let letters = 0;
  for (const b of bytes) {
    if ((b >= 0x20 && b < 0x7f) || b === 0x0a || b === 0x0d || b === 0x09) printable++;
    if ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)) letters++;
  }
  return printable / bytes.length >= 0.95 && letters / bytes.length >= 0.5 ? Buffer.from(bytes).toString('latin1') : null;
}

function* runs(text: string, re: RegExp, longest: Stretches): Generator<RegExpMatchArray & { index: number }> {
  if (!mayHold(text, re, longest)) return;
  let n = 0;
  for (const m of text.matchAll(re)) {
    if (++n > MAX_LAYERS_PER_KIND) return;
    yield m as RegExpMatchArray & { index: number };
  }
}

const HEX_RUN = /(?:(?:\\x|0x)?[0-9a-fA-F]{2}[ :,-]?){12,}/g;
const BINARY_RUN = /(?:[01]{8}[ ,]?){8,}/g;
const URL_RUN = /(?:%[0-9a-fA-F]{2}){8,}[^\s]*/g;
// dots and dashes (with their look-alikes), letters apart by one space, words by ' / ', '|' or more spaces
const MORSE_RUN = /(?:[.\-\u00b7\u2022\u2013\u2014_]{1,7}(?: {1,3}| ?[/|] ?)){5,}[.\-\u00b7\u2022\u2013\u2014_]{1,7}/g;
const BRAILLE_RUN = /[\u2800-\u28ff](?:[\u2800-\u28ff ]*[\u2800-\u28ff]){5,}/g;
// single characters split by one separator: "i g n o r e", "i-g-n-o-r-e", "i.g.n.o.r.e"
const SPACED_RUN = /(?<![\p{L}\p{N}])\p{L}(?:(?: |[-.*_] ?| {2,6}| \/ )\p{L}){7,}(?![\p{L}\p{N}])/gu;
const TAG_RUN = /(?:[\u{E0001}-\u{E007F}])+/gu;

// Each encoding's run is made of few characters (base64's alphabet, hex digits and separators, dots
// and dashes...) and is long: a text with no long stretch of those characters cannot hold one, and
// one pass over the text tells, for all of them at once, where the expressions would try every
// offset. Each precondition is implied by its expression; keep the two in step.
/** What one pass over a prompt tells the decoders. */
interface Stretches {
  /** a stretch of HEX_MIN hex characters, of BINARY_MIN binary ones, of MORSE_MIN Morse ones */
  hex: boolean;
  binary: boolean;
  morse: boolean;
  /** the first maximal runs of base64's alphabet at least BASE64_MIN long (see base64Runs) */
  base64: Span[];
}

interface Span {
  from: number;
  to: number;
}

function stretches(text: string): Stretches {
  // where the current run of each set started (-1: none), unrolled: this pass reads every prompt
  let base64 = -1;
  let hex = -1;
  let binary = -1;
  let morse = -1;
  const out: Stretches = { hex: false, binary: false, morse: false, base64: [] };
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    // past the end, a character in no set closes every run
    const c = i < n ? text.charCodeAt(i) : 0;
    const bits = c < 128 ? STRETCH_BITS[c]! : 0;
    if (bits & (1 << BASE64_SET)) {
      if (base64 < 0) base64 = i;
    } else if (base64 >= 0) {
      if (i - base64 >= BASE64_MIN && out.base64.length < MAX_LAYERS_PER_KIND) out.base64.push({ from: base64, to: i });
      base64 = -1;
    }
    if (bits & (1 << HEX_SET)) {
      if (hex < 0) hex = i;
    } else if (hex >= 0) {
      if (i - hex >= HEX_MIN) out.hex = true;
      hex = -1;
    }
    if (bits & (1 << BINARY_SET)) {
      if (binary < 0) binary = i;
    } else if (binary >= 0) {
      if (i - binary >= BINARY_MIN) out.binary = true;
      binary = -1;
    }
    if (bits & (1 << MORSE_SET)) {
      if (morse < 0) morse = i;
    } else if (morse >= 0) {
      if (i - morse >= MORSE_MIN) out.morse = true;
      morse = -1;
    }
  }
  return out;
}

const charSet = (chars: string): Uint8Array => {
  const set = new Uint8Array(128);
  for (const c of chars) set[c.charCodeAt(0)] = 1;
  return set;
};
const range = (from: string, to: string): string => Array.from({ length: to.charCodeAt(0) - from.charCodeAt(0) + 1 }, (_, i) => String.fromCharCode(from.charCodeAt(0) + i)).join('');
const DIGITS = range('0', '9');
const HEX = `${DIGITS}abcdefABCDEF`;
const BASE64_CHARS = charSet(`${range('a', 'z')}${range('A', 'Z')}${DIGITS}+/_-`);
const BASE64_MIN = 24;
/** hex pairs with their \x and 0x prefixes and separators: twelve pairs take 24 of them */
const HEX_CHARS = charSet(`${HEX}\\x :,-`);
const HEX_MIN = 24;
/** eight bytes of eight bits, separators allowed */
const BINARY_CHARS = charSet('01 ,');
const BINARY_MIN = 64;
/** Morse without its look-alike dots and dashes (outside ASCII): those are looked for apart */
const MORSE_CHARS = charSet('.-_ /|');
const MORSE_LOOKALIKES = /[\u00b7\u2022\u2013\u2014]/;
/** six letters and five separators */
const MORSE_MIN = 11;
const BRAILLE_CHAR = /[\u2800-\u28ff]/;
/** what separates spelled-out letters (see SPACED_RUN) */
const SPACED_SEPARATORS = charSet(' -.*_/');
/** the letters of a spaced run between its first and last stand alone between separators */
const SPACED_INNER_LETTERS = 6;
/** tag characters are astral: their high surrogate is U+DB40 */
const TAG_HIGH_SURROGATE = '\udb40';

/** Base64's alphabet, hex, binary and Morse: bit k of STRETCH_BITS[c] says c is in STRETCH_SETS[k]. */
const STRETCH_SETS = [BASE64_CHARS, HEX_CHARS, BINARY_CHARS, MORSE_CHARS];
const [BASE64_SET, HEX_SET, BINARY_SET, MORSE_SET] = [0, 1, 2, 3];
const STRETCH_BITS = new Uint8Array(128);
STRETCH_SETS.forEach((set, k) => set.forEach((member, c) => (STRETCH_BITS[c]! |= member << k)));

/** Whether text standing alone between separators occurs `count` times in a row: one character
 *  (or one surrogate pair) each. */
function isolatedInARow(text: string, count: number): boolean {
  let row = 0;
  let token = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0x20;
    if (c < 128 && SPACED_SEPARATORS[c] === 1) {
      if (token > 0) {
        row = token === 1 ? row + 1 : 0;
        if (row >= count) return true;
      }
      token = 0;
    } else if (!(c >= 0xdc00 && c <= 0xdfff && i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff)) token++;
  }
  return false;
}

/** A cheap necessary condition for `re` to match somewhere in `text` (see above). */
function mayHold(text: string, re: RegExp, longest: Stretches): boolean {
  switch (re) {
    case HEX_RUN:
      return longest.hex;
    case BINARY_RUN:
      return longest.binary;
    case URL_RUN:
      return text.includes('%');
    case MORSE_RUN:
      return MORSE_LOOKALIKES.test(text) || longest.morse;
    case BRAILLE_RUN:
      return BRAILLE_CHAR.test(text);
    case SPACED_RUN:
      return isolatedInARow(text, SPACED_INNER_LETTERS);
    case TAG_RUN:
      return text.includes(TAG_HIGH_SURROGATE);
    default:
      return true;
  }
}
/** Tag characters also build flag emoji (England: 5 tags); more than this is smuggled text. */
const TAG_TEXT_MIN = 8;

/**
 * Base64 long enough to carry a sentence (shorter runs are ids and hashes): what
 * /[A-Za-z0-9+/_-]{24,}={0,2}/g matches, found without it. The leftmost match opens where a run of
 * the alphabet at least BASE64_MIN long starts, takes all of it (nothing else is in the alphabet)
 * and up to two '=', so the matches are exactly the long maximal runs, which stretches() lists.
 */
function* base64Runs(text: string, longest: Stretches): Generator<{ 0: string; index: number }> {
  for (const { from, to } of longest.base64) {
    let end = to;
    while (end < text.length && end - to < 2 && text.charCodeAt(end) === 0x3d) end++;
    yield { 0: text.slice(from, end), index: from };
  }
}

function base64Layers(text: string, longest: Stretches): HiddenLayer[] {
  const out: HiddenLayer[] = [];
  for (const m of base64Runs(text, longest)) {
    const blob = m[0].slice(0, MAX_LAYER_CHARS).replaceAll('-', '+').replaceAll('_', '/');
    const decoded = printableText(Buffer.from(blob, 'base64'));
    if (decoded !== null) out.push({ kind: 'base64', from: m.index, to: m.index + m[0].length, decoded });
  }
  return out;
}

function hexLayers(text: string, longest: Stretches): HiddenLayer[] {
  const out: HiddenLayer[] = [];
  for (const m of runs(text, HEX_RUN, longest)) {
    const digits = m[0].slice(0, MAX_LAYER_CHARS).replace(/\\x|0x|[ :,-]/g, '');
    // a run of digits only is a number, an id or a hash fragment more often than text
    if (!/[a-fA-F]/.test(digits) || digits.length % 2 !== 0) continue;
    const decoded = printableText(Buffer.from(digits, 'hex'));
    if (decoded !== null) out.push({ kind: 'hex', from: m.index, to: m.index + m[0].length, decoded });
  }
  return out;
}

function binaryLayers(text: string, longest: Stretches): HiddenLayer[] {
  const out: HiddenLayer[] = [];
  for (const m of runs(text, BINARY_RUN, longest)) {
    const bits = m[0].slice(0, MAX_LAYER_CHARS * 9).replace(/[ ,]/g, '');
    const bytes = new Uint8Array(Math.floor(bits.length / 8));
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(bits.slice(i * 8, i * 8 + 8), 2);
    const decoded = printableText(bytes);
    if (decoded !== null) out.push({ kind: 'binary', from: m.index, to: m.index + m[0].length, decoded });
  }
  return out;
}

function urlLayers(text: string, longest: Stretches): HiddenLayer[] {
  const out: HiddenLayer[] = [];
  for (const m of runs(text, URL_RUN, longest)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(m[0].slice(0, MAX_LAYER_CHARS));
    } catch {
      continue;
    }
    if (/[a-z]{3}/i.test(decoded)) out.push({ kind: 'url', from: m.index, to: m.index + m[0].length, decoded });
  }
  return out;
}

const MORSE: Record<string, string> = {
  '.-': 'a', '-...': 'b', '-.-.': 'c', '-..': 'd', '.': 'e', '..-.': 'f', '--.': 'g', '....': 'h', '..': 'i', '.---': 'j',
  '-.-': 'k', '.-..': 'l', '--': 'm', '-.': 'n', '---': 'o', '.--.': 'p', '--.-': 'q', '.-.': 'r', '...': 's', '-': 't',
  '..-': 'u', '...-': 'v', '.--': 'w', '-..-': 'x', '-.--': 'y', '--..': 'z', '-----': '0', '.----': '1', '..---': '2',
  '...--': '3', '....-': '4', '.....': '5', '-....': '6', '--...': '7', '---..': '8', '----.': '9', '.-.-.-': '.',
  '--..--': ',', '..--..': '?', '-.-.--': '!', '.----.': "'", '-..-.': '/', '---...': ':', '.-..-.': '"',
};

function morseLayers(text: string, longest: Stretches): HiddenLayer[] {
  const out: HiddenLayer[] = [];
  for (const m of runs(text, MORSE_RUN, longest)) {
    const words = m[0].slice(0, MAX_LAYER_CHARS).replace(/[\u00b7\u2022]/g, '.').replace(/[\u2013\u2014_]/g, '-').split(/ ?[/|] ?| {2,}/);
    let decoded = '';
    let unknown = 0;
    let letters = 0;
    for (const word of words) {
      for (const code of word.trim().split(' ')) {
        if (code === '') continue;
        const ch = MORSE[code];
        if (ch === undefined) unknown++;
        else {
          decoded += ch;
          letters++;
        }
      }
      decoded += ' ';
    }
    if (letters >= 6 && unknown <= letters / 10) out.push({ kind: 'morse', from: m.index, to: m.index + m[0].length, decoded: decoded.trim() });
  }
  return out;
}

// Grade-1 braille: dots 1-6 are bits 0-5 of the code point's offset from U+2800.
const BRAILLE_LETTERS = [0x01, 0x03, 0x09, 0x19, 0x11, 0x0b, 0x1b, 0x13, 0x0a, 0x1a, 0x05, 0x07, 0x0d, 0x1d, 0x15, 0x0f, 0x1f, 0x17, 0x0e, 0x1e, 0x25, 0x27, 0x3a, 0x2d, 0x3d, 0x35];
const BRAILLE: Map<number, string> = new Map([
  ...BRAILLE_LETTERS.map((dots, i) => [dots, String.fromCharCode(0x61 + i)] as const),
  [0x00, ' '], [0x32, '.'], [0x02, ','], [0x26, '?'], [0x16, '!'], [0x04, "'"], [0x24, '-'],
]);
const BRAILLE_CAPITAL = 0x20;
const BRAILLE_NUMBER = 0x3c;

function brailleLayers(text: string, longest: Stretches): HiddenLayer[] {
  const out: HiddenLayer[] = [];
  for (const m of runs(text, BRAILLE_RUN, longest)) {
    let decoded = '';
    let digits = false;
    for (const ch of m[0].slice(0, MAX_LAYER_CHARS)) {
      if (ch === ' ') {
        decoded += ' ';
        digits = false;
        continue;
      }
      const dots = ch.codePointAt(0)! - 0x2800;
      if (dots === BRAILLE_CAPITAL) continue;
      if (dots === BRAILLE_NUMBER) {
        digits = true;
        continue;
      }
      const letter = BRAILLE.get(dots) ?? '';
      // after the number sign, a..j are the digits 1..9, 0
      decoded += digits && letter >= 'a' && letter <= 'j' ? String((letter.charCodeAt(0) - 0x60) % 10) : letter;
      if (dots === 0) digits = false;
    }
    out.push({ kind: 'braille', from: m.index, to: m.index + m[0].length, decoded });
  }
  return out;
}

function spacedLayers(text: string, longest: Stretches): HiddenLayer[] {
  const out: HiddenLayer[] = [];
  for (const m of runs(text, SPACED_RUN, longest)) {
    // a wider gap (two or more spaces, or ' / ') separates words; one separator separates letters
    const decoded = m[0]
      .split(/ {2,}| \/ /)
      .map((word) => word.replace(/[ \-.*_]/g, ''))
      .join(' ');
    out.push({ kind: 'spaced', from: m.index, to: m.index + m[0].length, decoded });
  }
  return out;
}

const rot13 = (s: string): string =>
  s.replace(/[a-zA-Z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
// Frequent English words after ROT13 ("the" is "gur", "you" is "lbh") and backwards ("eht", "uoy"):
// a text holding two of them is worth decoding. English text holds none of them.
const ROT13_WORDS = /\b(?:gur|lbh|lbhe|naq|vf|gb|bs|nyy|guvf|jvgu|vtaber|cerivbhf|vafgehpgvbaf|cebzcg|flfgrz|frperg|cnffjbeq|erirny|fnl|cevag)\b/gi;
const REVERSED_WORDS = /\b(?:eht|uoy|ruoy|dna|siht|htiw|erongi|suoiverp|snoitcurtsni|tpmorp|metsys|terces|drowssap|laever|yas|tnirp|lla)\b/gi;

/**
 * The text decoded where it is encoded: the lines holding a cue word and the lines either side of
 * them; every other line becomes spaces of its length, so offsets in the decoded text stay offsets
 * of the original (reversed: from the end) and a long prompt with one encoded line is not judged
 * twice over.
 */
function wholeTextLayer(text: string, kind: 'rot13' | 'reversed', cue: RegExp, decode: (s: string) => string): HiddenLayer[] {
  const hits = text.slice(0, 20_000).match(cue);
  if (hits === null || new Set(hits.map((h) => h.toLowerCase())).size < 2) return [];
  const lines = text.split('\n');
  const cued = lines.map((line) => line.search(cue) !== -1);
  const kept = lines.map((line, i) => (cued[i - 1] || cued[i] || cued[i + 1] ? line : ' '.repeat(line.length)));
  return [{ kind, from: 0, to: text.length, decoded: decode(kept.join('\n')) }];
}

function tagLayers(text: string, longest: Stretches): HiddenLayer[] {
  const out: HiddenLayer[] = [];
  for (const m of runs(text, TAG_RUN, longest)) {
    let decoded = '';
    for (const ch of m[0]) {
      const cp = ch.codePointAt(0)!;
      if (cp >= 0xe0020 && cp <= 0xe007e) decoded += String.fromCharCode(cp - 0xe0000);
    }
    if (decoded.length >= TAG_TEXT_MIN) out.push({ kind: 'unicode_tags', from: m.index, to: m.index + m[0].length, decoded });
  }
  return out;
}

/** Every hidden layer of `text`, in no particular order. */
export function hiddenLayers(text: string): HiddenLayer[] {
  const longest = stretches(text);
  return [
    ...base64Layers(text, longest),
    ...hexLayers(text, longest),
    ...binaryLayers(text, longest),
    ...urlLayers(text, longest),
    ...morseLayers(text, longest),
    ...brailleLayers(text, longest),
    ...spacedLayers(text, longest),
    ...tagLayers(text, longest),
    ...wholeTextLayer(text, 'rot13', ROT13_WORDS, rot13),
    ...wholeTextLayer(text, 'reversed', REVERSED_WORDS, (s) => [...s].reverse().join('')),
  ];
}
