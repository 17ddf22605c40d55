// Every error code the code raises has its row in the one code-to-status table, the domain raises
// only its own kinds (no HTTP status under shared/), and README.md's error table says what the
// table does.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, ERRORS, type ErrorCode, toHttp } from '../../api/middleware/errors.js';
import { DOMAIN_ERROR_CODES, DomainError } from '../../shared/errors.js';

const root = join(import.meta.dirname, '..', '..');
const SOURCES = ['api', 'shared', 'workers', 'mcp', 'lib', 'scripts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Every code literal handed to an error (`new ApiError('x'`, `new DomainError('x'`, a payment refusal) or a job failure (`failure('x'`). */
function raisedCodes(): Map<string, string[]> {
  const raised = new Map<string, string[]>();
  const pattern = /(?:new (?:ApiError|DomainError|PaymentRejection)\(|\bfailure\(|paymentRequired\(offer,|refuse\()\s*'([a-z_]+)'/g;
  for (const file of SOURCES.flatMap((d) => sourceFiles(join(root, d)))) {
    for (const m of readFileSync(file, 'utf8').matchAll(pattern)) {
      raised.set(m[1]!, [...(raised.get(m[1]!) ?? []), relative(root, file)]);
    }
  }
  return raised;
}

describe('error codes', () => {
  it('every code raised anywhere has a status in the table', () => {
    const raised = raisedCodes();
    expect(raised.size).toBeGreaterThan(25);
    const missing = [...raised].filter(([code]) => !(code in ERRORS));
    expect(missing).toEqual([]);
  });

  it('every domain kind has its row', () => {
    for (const code of DOMAIN_ERROR_CODES) expect(ERRORS[code].status).toBeGreaterThanOrEqual(400);
  });

  it('no file under shared/ outside the schemas names an HTTP status or builds an error body', () => {
    const offenders = sourceFiles(join(root, 'shared'))
      .filter((f) => !f.includes(`${join('shared', 'schemas')}`))
      .filter((f) => /new \w*Error\(\s*[45]\d\d\b|\bstatus:\s*[45]\d\d\b|\berror:\s*['`]/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(offenders).toEqual([]);
  });

  it('the two provider kinds share their public code with their own statuses', () => {
    expect(toHttp(new DomainError('provider_failed', 'model x failed'))).toMatchObject({ status: 502, body: { code: 'provider_unavailable' } });
    expect(toHttp(new DomainError('provider_unconfigured', 'none'))).toMatchObject({ status: 503, body: { code: 'provider_unavailable' } });
  });

  it('adds the API hint to the domain sentence and the details and headers of an API error', () => {
    expect(toHttp(new DomainError('unknown_model', 'unknown model "x"')).body.error).toBe('unknown model "x"; GET /api/proxy/llm/models lists the supported ids');
    const e = new ApiError('rate_limited', 'slow down', { details: { limit: 5 }, headers: { 'Retry-After': '3' } });
    expect(toHttp(e)).toEqual({ status: 429, body: { error: 'slow down', code: 'rate_limited', limit: 5 }, headers: { 'Retry-After': '3' } });
  });

  it("README.md's error table gives each public code the table's status", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const documented = new Set<string>();
    for (const m of readme.matchAll(/^\| (\d{3}) \| (.+?) \|/gm)) {
      for (const code of m[2]!.matchAll(/`([a-z_]+)`/g)) documented.add(`${m[1]} ${code[1]}`);
    }
    const table = (Object.entries(ERRORS) as [ErrorCode, { status: number; code?: string }][]).map(([code, row]) => `${row.status} ${row.code ?? code}`);
    expect([...new Set(table)].filter((row) => !documented.has(row))).toEqual([]);
  });
});
