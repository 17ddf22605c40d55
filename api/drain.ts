// Graceful stop of the HTTP side. On SIGTERM the server stops accepting connections, and every
// answer from then on says `Connection: close`, so each busy keep-alive socket closes right after
// its in-flight answer instead of taking the client's next request. A socket that is idle is closed
// once it has stayed quiet for QUIET_MS: closing it at once would reset a request already on its
// way (the client sends its next request on a kept-alive socket the moment it has its answer), and
// a request that does arrive is simply served, with `Connection: close`. In-flight requests get the
// grace period to finish (and are charged as usual when they deliver); past it, the requests still
// waiting on a job are answered 503 (nothing charged), then any socket left is cut.
import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { within } from '../shared/within.js';
import type { AppMiddleware } from './state.js';

/** After the grace period: time for the 503 answers to be written before sockets are cut. */
const FLUSH_MS = 2_000;
/** An idle socket that received nothing for this long is closed during a drain. */
const QUIET_MS = 250;
/** How often idle sockets are looked at during a drain. */
const SWEEP_MS = 50;

interface Connection {
  /** Requests being answered on it. */
  busy: number;
  /** When it last went idle (or opened). */
  idleSince: number;
  /** Bytes read by then: more since means a request is arriving. */
  readAtIdle: number;
}

export class Drain {
  private draining = false;
  private readonly connections = new Map<Socket, Connection>();

  /** Outermost middleware: marks answers written during a drain `Connection: close`. */
  readonly middleware: AppMiddleware = async (ctx, next) => {
    try {
      await next();
    } finally {
      if (this.draining) ctx.set('Connection', 'close');
    }
  };

  /** Follows `server`'s connections: whether each is answering a request, or idle and since when. */
  track(server: Server): void {
    server.on('connection', (socket: Socket) => {
      this.connections.set(socket, { busy: 0, idleSince: Date.now(), readAtIdle: 0 });
      socket.once('close', () => this.connections.delete(socket));
    });
    server.on('request', (req, res) => {
      const connection = this.connections.get(req.socket);
      if (!connection) return;
      connection.busy++;
      res.once('close', () => {
        connection.busy--;
        connection.idleSince = Date.now();
        connection.readAtIdle = req.socket.bytesRead;
      });
    });
  }

  /**
   * Stops `server` and resolves once every connection is closed. `giveUp` runs when the grace
   * period ends with requests still in flight: it must make them answer (e.g. 503).
   */
  async stop(server: Server, graceMs: number, giveUp: () => void): Promise<'drained' | 'cut'> {
    this.draining = true;
    // net.Server's close, not http.Server's: that one also drops every idle keep-alive socket at once.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    const sweep = setInterval(() => this.closeQuiet(), SWEEP_MS);
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

  private closeQuiet() {
    const now = Date.now();
    for (const [socket, c] of this.connections) {
      if (c.busy === 0 && socket.bytesRead === c.readAtIdle && now - c.idleSince >= QUIET_MS) socket.destroy();
    }
  }
}
