// Reads the body with a byte limit and parses it as JSON. Clients that forget the content type
// still get their JSON parsed; a body that is not JSON or nests too deep is a 400, one over the
// limit a 413.
import getRawBody from 'raw-body';
import { ApiError } from './errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../shared/json-depth.js';
import type { AppMiddleware } from '../state.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export const jsonBody = (limitBytes: number): AppMiddleware => async (ctx, next) => {
  const declared = Number(ctx.get('content-length'));
  if (Number.isFinite(declared) && declared > limitBytes) {
    throw new ApiError('payload_too_large', `request body exceeds ${limitBytes} bytes`);
  }
  const type = ctx.get('content-type');
  if (type && !/^(application\/([\w.+-]*\+)?json|text\/plain)\b/i.test(type)) {
    throw new ApiError('unsupported_media_type', 'send the body as application/json');
  }
  // JSON is UTF-8 (RFC 8259); a compressed body or another charset would be misread, so refuse it.
  const encoding = ctx.get('content-encoding').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') {
    throw new ApiError('unsupported_media_type', `Content-Encoding ${encoding} is not supported; send the body uncompressed`);
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ApiError('unsupported_media_type', `charset ${charset} is not supported; send UTF-8`);
  }
  let bytes: Buffer;
  try {
    bytes = await getRawBody(ctx.req, { limit: limitBytes });
  } catch (error) {
    const e = error as { type?: string; status?: number };
    if (e.type === 'entity.too.large') throw new ApiError('payload_too_large', `request body exceeds ${limitBytes} bytes`);
    throw new ApiError('invalid_request', 'could not read the request body', { cause: error });
  }
  let text: string;
  try {
    // Fatal: a lenient decoder would turn bytes in another encoding into U+FFFD inside the prompt.
    text = strictUtf8.decode(bytes);
  } catch {
    throw new ApiError('unsupported_media_type', 'request body is not valid UTF-8; send UTF-8');
  }
  if (text.trim() === '') throw new ApiError('invalid_json', 'request body is empty; send a JSON object');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError('invalid_json', 'request body is not valid JSON');
  }
  if (nestsDeeperThan(body)) throw new ApiError('json_too_deep', `request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  ctx.state.body = body;
  await next();
};
