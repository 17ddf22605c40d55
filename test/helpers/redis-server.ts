// Starts a throwaway redis-server on a free loopback port with its data in a temp folder, so tests
// never touch a Redis that may already run on 6379.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export interface RedisServer {
  url: string;
  port: number;
  /** Process id, for tests that stall the server (SIGSTOP/SIGCONT). */
  pid: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPing(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined); // refused while the server boots: expected, retried below
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      client.disconnect();
    }
  }
  throw new Error('redis-server did not answer PING within 10 s');
}

export interface RedisServerOptions {
  /**
   * A node for a Redis Cluster (test/helpers/redis-cluster.ts): cluster mode, its nodes file in the
   * server's own folder, and a bus port of its own (the default, port + 10000, may be taken or past 65535).
   */
  clusterNode?: boolean;
}

export async function startRedisServer({ clusterNode = false }: RedisServerOptions = {}): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'promptgate-redis-'));
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const cluster = clusterNode
      ? ['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-port', String(await freePort())]
      : [];
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--logfile', '', ...cluster],
      { stdio: 'ignore' },
    );
    const spawned = await new Promise<Error | null>((resolve) => {
      child.once('spawn', () => resolve(null));
      child.once('error', (e) => resolve(e));
    });
    if (spawned) throw new Error(`cannot start redis-server (${spawned.message}); run "make test", which installs it`);
    const url = `redis://127.0.0.1:${port}`;
    try {
      await waitForPing(url, child);
    } catch (error) {
      child.kill('SIGKILL');
      if (attempt < 3) continue; // a port was taken between probing and binding
      throw error;
    }
    return {
      url,
      port,
      pid: child.pid!,
      async stop() {
        child.kill('SIGCONT'); // a stalled server could not act on SIGTERM
        child.kill('SIGTERM');
        await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
}
