// Calls to the service from the page. Same origin only; the bearer key travels in the Authorization
// header of the call that needs it and nowhere else. Every outcome is a tagged result, never a throw.
import type { ErrorBody } from '../shared/schemas/responses.js';

/** Why a call did not give a result, with what the page needs to say so in words. */
export type Failure =
  | { kind: 'http'; status: number; code: string; error: string; issues: Issue[]; headers: Headers }
  | { kind: 'network' }
  | { kind: 'unreadable'; status: number };

export interface Issue {
  path: (string | number)[];
  message: string;
}

export type Answer<T> = { ok: true; body: T; headers: Headers } | { ok: false; failure: Failure };

const isErrorBody = (v: unknown): v is ErrorBody & { issues?: Issue[] } =>
  typeof v === 'object' && v !== null && typeof (v as ErrorBody).code === 'string' && typeof (v as ErrorBody).error === 'string';

async function call<T>(path: string, init: RequestInit): Promise<Answer<T>> {
  let res: Response;
  try {
    res = await fetch(path, { ...init, credentials: 'omit', cache: 'no-store', redirect: 'error' });
  } catch {
    return { ok: false, failure: { kind: 'network' } };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return { ok: false, failure: { kind: 'unreadable', status: res.status } };
  }
  if (res.ok) return { ok: true, body: body as T, headers: res.headers };
  if (!isErrorBody(body)) return { ok: false, failure: { kind: 'unreadable', status: res.status } };
  const issues = Array.isArray(body.issues) ? body.issues : [];
  return { ok: false, failure: { kind: 'http', status: res.status, code: body.code, error: body.error, issues, headers: res.headers } };
}

/** POST a JSON body; with a key, as `Authorization: Bearer <key>`. */
export function post<T>(path: string, body: unknown, key?: string): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  return call<T>(path, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** GET a JSON document; an error status with a JSON body (e.g. /readyz's 503) is still read. */
export async function getJson<T>(path: string): Promise<{ status: number; body: T } | undefined> {
  try {
    const res = await fetch(path, { credentials: 'omit', cache: 'no-store', headers: { accept: 'application/json' } });
    return { status: res.status, body: (await res.json()) as T };
  } catch {
    return undefined;
  }
}
