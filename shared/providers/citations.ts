// Search citations carried by OpenAI-compatible responses outside the standard fields:
// Perplexity-style `search_results` [{title,url,date,snippet}] and `citations` (URL strings or
// objects). Mapped to the {title,url,content,date} shape of SPEC.md; unusable entries are dropped.
import type { Citation } from './spec.js';

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function fromEntry(entry: unknown): Citation | undefined {
  if (typeof entry === 'string') return entry.trim() ? { title: entry, url: entry, content: '', date: '' } : undefined;
  if (typeof entry !== 'object' || entry === null) return undefined;
  const e = entry as Record<string, unknown>;
  const url = text(e.url) || text(e.link);
  if (!url) return undefined;
  return {
    title: text(e.title) || url,
    url,
    content: text(e.content) || text(e.snippet) || text(e.text),
    date: text(e.date) || text(e.published_date) || text(e.last_updated),
  };
}

/** Citations of a raw chat completion body; `search_results` wins over `citations` (it has titles). */
export function extractCitations(body: unknown): Citation[] {
  if (typeof body !== 'object' || body === null) return [];
  const b = body as Record<string, unknown>;
  const source = Array.isArray(b.search_results) && b.search_results.length > 0 ? b.search_results : b.citations;
  if (!Array.isArray(source)) return [];
  const seen = new Set<string>();
  return source.flatMap((entry) => {
    const c = fromEntry(entry);
    if (!c || seen.has(c.url)) return [];
    seen.add(c.url);
    return [c];
  });
}
