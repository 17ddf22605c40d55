// A short, safe quotation of the user's task, so fixes and verdicts refer to this prompt.
const MAX_WORDS = 8;
const MAX_CHARS = 60;
const HEAD_CHARS = 600;
const HEAD_LINES = 12;
const ROLE_OPENERS = ['you are', 'act as', 'you\'re', 'imagine you are', 'pretend you are'];
// Control characters, quotes and lone surrogates would break the sentence or its JSON.
const UNSAFE = /[\u0000-\u001f\u007f"“”`]|\p{Cs}/gu;
const SPACES = /\s+/g;

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
    const t = raw.replace(UNSAFE, ' ').replace(SPACES, ' ').trim();
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
