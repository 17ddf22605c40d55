// A short, safe quotation of the user's task, so fixes and verdicts refer to this prompt.
const MAX_WORDS = 8;
const MAX_CHARS = 60;
const HEAD_CHARS = 600;
const HEAD_LINES = 12;
const ROLE_OPENERS = ['you are', 'act as', 'you\'re', 'imagine you are', 'pretend you are'];
// Control characters, quotes and lone surrogates would break the sentence or its JSON.
const UNSAFE = /[\u0000-\u001f\u007f"“”`]|\p{Cs}/gu;
const SPACES = /\s+/g;

/**
 * True when neither replacement below would change the line: no unsafe char, no surrogate, and no
 * whitespace other than single spaces. Then trimming alone gives the same text.
 */
function plainLine(raw: string): boolean {
  let prevSpace = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 32) {
      if (prevSpace) return false;
      prevSpace = true;
      continue;
    }
    prevSpace = false;
    if (c < 0x21 || c === 0x22 || c === 0x60 || c === 0x7f) return false;
    if (c >= 0x80) {
      // Any other whitespace, curly quotes or surrogates: take the regex path.
      if (c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
        c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff || c === 0x201c || c === 0x201d ||
        (c >= 0xd800 && c <= 0xdfff)) return false;
    }
  }
  return true;
}

/** The first line with letters that is not a role line or heading (else the first such line). */
function firstTaskLine(head: string): string {
  let first = '';
  let start = 0;
  for (let n = 0; n < HEAD_LINES && start < head.length; n++) {
    const nl = head.indexOf('\n', start);
    const end = nl === -1 ? head.length : nl;
    const raw = head.slice(start, end);
    start = end + 1;
    if (!/[\p{L}\p{N}]/u.test(raw)) continue;
    const t = plainLine(raw) ? raw.trim() : raw.replace(UNSAFE, ' ').replace(SPACES, ' ').trim();
    if (first === '') first = t;
    const low = t.slice(0, 20).toLowerCase();
    if (!ROLE_OPENERS.some((r) => low.startsWith(r)) && !t.startsWith('#')) return t;
  }
  return first;
}

export function taskExcerpt(prompt: string): string {
  // Only the head of the prompt matters for a quote; bounding it keeps this O(1) on huge inputs.
  const line = firstTaskLine(prompt.slice(0, HEAD_CHARS));
  if (line === '') return 'this prompt';
  const words = line.split(' ');
  let out = words.slice(0, MAX_WORDS).join(' ');
  if (out.length > MAX_CHARS) out = out.slice(0, MAX_CHARS).replace(UNSAFE, '').trimEnd();
  const cut = words.length > MAX_WORDS || out.length < line.length;
  return `"${out}${cut ? '…' : ''}"`;
}
