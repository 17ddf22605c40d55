// Graceful stop of the HTTP side. On SIGTERM the server stops accepting connections and closes the
// idle keep-alive ones; every answer from then on says `Connection: close`, so each busy socket
// closes right after its in-flight answer instead of taking the client's next request. In-flight
// requests get the grace period to finish (and are charged as usual when they deliver); past it,
// the requests still waiting on a job are answered 503 (nothing charged), then any socket left is cut.
import type { Server } from 'node:http';
import type { Middleware } from 'koa';
import { within } from '../shared/within.js';

/** After the grace period: time for the 503 answers to be written before sockets are cut. */
const FLUSH_MS = 2_000;
/** How often sockets that went idle during the drain are closed (an answer whose headers left before the drain began kept its socket open). */
const SWEEP_MS = 50;

export class Drain {
  private draining = false;

  /** Outermost middleware: marks answers written during a drain `Connection: close`. */
  readonly middleware: Middleware = async (ctx, next) => {
    try {
      await next();
    } finally {
      if (this.draining) ctx.set('Connection', 'close');
    }
  };

  /**
   * Stops `server` and resolves once every connection is closed. `giveUp` runs when the grace
   * period ends with requests still in flight: it must make them answer (e.g. 503).
   */
  async stop(server: Server, graceMs: number, giveUp: () => void): Promise<'drained' | 'cut'> {
    this.draining = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // server.close() closes the connections idle right now; busy ones close after their answer.
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
    try {
      if ((await within(closed, graceMs)).done) return 'drained';
      giveUp();
      if (!(await within(closed, FLUSH_MS)).done) server.closeAllConnections();
      await closed;
      return 'cut';
    } finally {
      clearInterval(sweep);
    }
  }
}
