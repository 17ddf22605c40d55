// Citation fields of OpenAI-compatible responses mapped to SPEC.md's {title,url,content,date}.
import { describe, expect, it } from 'vitest';
import { extractCitations } from '../../shared/providers/citations.js';
import { CitationSchema } from '../../shared/schemas/responses.js';

describe('extractCitations', () => {
  it('maps a bare array of URLs (Perplexity `citations`)', () => {
    expect(extractCitations({ citations: ['https://a.example', 'https://b.example'] })).toEqual([
      { title: 'https://a.example', url: 'https://a.example', content: '', date: '' },
      { title: 'https://b.example', url: 'https://b.example', content: '', date: '' },
    ]);
  });

  it('prefers search_results, which carry titles, dates and snippets', () => {
    const body = {
      citations: ['https://a.example'],
      search_results: [{ title: 'A', url: 'https://a.example', date: '2024-01-02', snippet: 'text' }],
    };
    expect(extractCitations(body)).toEqual([{ title: 'A', url: 'https://a.example', content: 'text', date: '2024-01-02' }]);
  });

  it('accepts object citations with link/content variants, drops entries without a URL and duplicates', () => {
    const body = {
      citations: [
        { title: 'Doc', link: 'https://d.example', content: 'body', published_date: '2023' },
        { title: 'no url' },
        'https://d.example',
        42,
        null,
        '  ',
      ],
    };
    const citations = extractCitations(body);
    expect(citations).toEqual([{ title: 'Doc', url: 'https://d.example', content: 'body', date: '2023' }]);
    for (const c of citations) CitationSchema.parse(c);
  });

  it('returns nothing for a body without citations', () => {
    expect(extractCitations({ choices: [] })).toEqual([]);
    expect(extractCitations({ citations: 'https://x' })).toEqual([]);
    expect(extractCitations(null)).toEqual([]);
  });
});
