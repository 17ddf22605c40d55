// A short, safe quotation of the user's task, so fixes and verdicts refer to this prompt.
const MAX_WORDS = 8;
const MAX_CHARS = 60;
const HEAD_CHARS = 600;
const HEAD_LINES = 12;
const ROLE_OPENERS = ['you are', 'act as', 'you\'re', 'imagine you are', 'pretend you are'];
// Control characters, quotes and lone surrogates would break the sentence or its JSON.
const UNSAFE = /[\u0000-\u001f\u007f"“”`]|\p{Cs}/gu;
const SPACES = /\s+/g;

function firstTaskLine(prompt: string): string {
  let first = '';
  for (const line of prompt.split('\n', HEAD_LINES)) {
    const t = line.replace(UNSAFE, ' ').replace(SPACES, ' ').trim();
    if (t.length === 0 || !/[\p{L}\p{N}]/u.test(t)) continue;
    if (first === '') first = t;
    const low = t.toLowerCase();
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
