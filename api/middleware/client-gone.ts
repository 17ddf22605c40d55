// Whether the client of a request is still there to be handed its answer. A client that closed its
// connection (FIN or RST) while its job ran is gone: Node destroys the socket at once. Checked right
// before a call is charged, since nothing may be charged for an answer nobody receives.
import type { Context } from 'koa';

export function clientGone(ctx: Context): boolean {
  const { res } = ctx;
  const socket = ctx.req.socket;
  return res.destroyed || res.writableEnded || socket.destroyed || !socket.writable;
}
