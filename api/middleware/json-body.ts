// Reads the body with a byte limit and parses it as JSON. Clients that forget the content type
// still get their JSON parsed; a body that is not JSON is a 400, one over the limit a 413.
import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import { AppError } from '../../shared/errors.js';

export const jsonBody = (limitBytes: number): Middleware => async (ctx, next) => {
  const declared = Number(ctx.get('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) {
    throw new AppError(413, 'payload_too_large', `request body exceeds ${limitBytes} bytes`);
  }
  const type = ctx.get('content-type');
  if (type && !/^(application\/([\w.+-]*\+)?json|text\/plain)\b/i.test(type)) {
    throw new AppError(415, 'unsupported_media_type', 'send the body as application/json');
  }
  let text: string;
  try {
    text = await getRawBody(ctx.req, { limit: limitBytes, encoding: 'utf8' });
  } catch (error) {
    const e = error as { type?: string; status?: number };
    if (e.type === 'entity.too.large') throw new AppError(413, 'payload_too_large', `request body exceeds ${limitBytes} bytes`);
    if (e.type === 'encoding.unsupported') throw new AppError(415, 'unsupported_media_type', 'unsupported body encoding');
    throw new AppError(400, 'invalid_request', 'could not read the request body', { cause: error });
  }
  if (text.trim() === '') throw new AppError(400, 'invalid_json', 'request body is empty; send a JSON object');
  try {
    ctx.state.body = JSON.parse(text) as unknown;
  } catch {
    throw new AppError(400, 'invalid_json', 'request body is not valid JSON');
  }
  await next();
};
