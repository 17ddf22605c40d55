// The one place where errors become HTTP: AppError keeps its status and code; Koa/http-errors
// from the body reader and router get a stable code; anything else is a bug, logged as 500.
import type { Logger } from 'pino';
import { AppError, type ErrorCode, isAppError } from '../../shared/errors.js';
import { isStorageOutage } from '../../shared/redis.js';
import type { AppMiddleware } from '../state.js';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'invalid_api_key',
  402: 'payment_required',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  501: 'method_not_allowed',
};

interface HttpErrorLike {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
}

function toAppError(error: unknown): AppError | undefined {
  if (isAppError(error)) return error;
  if (isStorageOutage(error)) return new AppError(503, 'not_ready', 'the service store is unreachable; retry shortly (nothing was charged)');
  const e = error as HttpErrorLike;
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // 501 comes from the router for a method it does not know at all; to a client that is a 405.
    const code = CODE_BY_STATUS[status] ?? 'invalid_request';
    return new AppError(status === 501 ? 405 : status, code, e.expose && e.message ? e.message : code.replace(/_/g, ' '));
  }
  return undefined;
}

export const errorHandler = (logger: Logger): AppMiddleware => async (ctx, next) => {
  try {
    await next();
    // An empty error answer: no route matched (404) or the router refused the method (405, with Allow).
    if (ctx.body == null && ctx.status >= 400) {
      throw ctx.status === 404
        ? new AppError(404, 'not_found', 'no such endpoint; see /openapi.json')
        : toAppError({ status: ctx.status });
    }
  } catch (error) {
    const appError = toAppError(error);
    if (!appError) {
      logger.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'unhandled error');
    }
    const e = appError ?? new AppError(500, 'internal', 'internal error');
    ctx.status = e.status;
    ctx.body = { error: e.message, code: e.code, ...e.details };
    for (const [name, value] of Object.entries(e.headers ?? {})) ctx.set(name, value);
  }
};
