// A failed call in words. The page never shows an error body as JSON: each case a user can meet gets
// a sentence saying what happened and what to do; anything else names the status and the server's
// own sentence. Failed calls are never charged (see the README's error table), so the page says so.
import type { Failure } from './api.js';
import { formatInt } from './dom.js';
import { promptLength, VOCAB } from './vocab.js';

export interface Described {
  text: string;
  /** Seconds to wait before trying again (429's Retry-After), counted down after `text`. */
  retryAfter?: number;
  /** What else the user can do, after the wait. */
  advice?: string;
  /** The server's request id of a failed call, for an operator to look up in the logs. */
  requestId?: string;
}

export function describe(failure: Failure, prompt: string): Described {
  if (failure.kind === 'network') return { text: 'Could not reach the server. Check that promptgate is running, then try again.' };
  if (failure.kind === 'unreadable') {
    return { text: `The server answered with something this page cannot read (HTTP ${failure.status}). Try again; if it persists, ask the operator.` };
  }
  // Worth quoting to an operator only when the server failed.
  const requestId = failure.status >= 500 ? (failure.headers.get('x-request-id') ?? undefined) : undefined;
  const described = (text: string, extra: Partial<Described> = {}): Described => ({ text, ...(requestId && { requestId }), ...extra });

  switch (failure.code) {
    case 'rate_limited': {
      const wait = Number(failure.headers.get('retry-after'));
      const limit = failure.headers.get('ratelimit-limit');
      const retryAfter = Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : 60;
      const allowance = limit ? `The free score allows ${limit} calls a minute from one address, and they are used up.` : 'Too many calls this minute.';
      return described(`Rate limited. ${allowance}`, { retryAfter, advice: 'Or paste an API key to score without this limit.' });
    }
    case 'invalid_api_key':
      return described('The API key was refused: it is wrong, revoked or malformed. Check it, or clear the key field to use the free score.');
    case 'payment_required':
      return described('This needs an API key (or an x402 payment, which this page does not make). Paste a key and try again.');
    case 'payload_too_large':
      return described(`The prompt is too large to send. Keep it under ${formatInt(VOCAB.maxPromptChars)} characters.`);
    case 'invalid_request':
      return described(invalidRequest(failure.issues, failure.error, prompt));
    case 'not_ready':
      return described('The service is not ready (its store or workers are down). Nothing was charged; try again shortly.');
    case 'timeout':
      return described('The service took too long to answer, so the request was dropped. Nothing was charged; try again.');
    default:
      return described(
        failure.status >= 500
          ? `The server could not finish this request (HTTP ${failure.status}, ${failure.code}): ${failure.error}. Nothing was charged.`
          : `The request was refused (HTTP ${failure.status}, ${failure.code}): ${failure.error}.`,
      );
  }
}

function invalidRequest(issues: { path: (string | number)[]; message: string }[], error: string, prompt: string): string {
  const length = promptLength(prompt);
  if (length > VOCAB.maxPromptChars) {
    return `The prompt is too long: it has ${formatInt(length)} characters and the limit is ${formatInt(VOCAB.maxPromptChars)}. Shorten it and try again.`;
  }
  const first = issues[0];
  return first ? `The request was refused: ${first.message}.` : `The request was refused: ${error}.`;
}
