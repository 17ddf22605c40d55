// The listen-and-close plumbing the fake HTTP servers of the tests share.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on an ephemeral loopback port; returns the server's base URL. */
export async function listenLocal(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Drops open connections and stops listening. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
