// The SSRF guard: which addresses count as private, and that a refused host is never contacted.
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { isPrivateAddress, probe, PrivateHostError } from '../../shared/trust/http.js';
import { startPaidEndpoint, type PaidEndpoint } from '../helpers/paid-endpoint.js';

let endpoint: PaidEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

const options = { method: 'GET' as const, allowPrivateHosts: false, timeoutMs: 1_000, maxBytes: 1_024, signal: new AbortController().signal };

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1',
    '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', 'not-an-ip',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
});

describe('probe', () => {
  it('refuses loopback URLs, by literal or by name, before connecting', async () => {
    endpoint = await startPaidEndpoint({ mode: 'plain' });
    const port = new URL(endpoint.url).port;
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      await expect(probe(new URL(`http://${host}:${port}/x`), options)).rejects.toBeInstanceOf(PrivateHostError);
    }
    expect(endpoint.hits).toEqual([]);
  });

  it('refuses an IPv4-mapped IPv6 literal of a private address', async () => {
    await expect(probe(new URL('http://[::ffff:127.0.0.1]:9/x'), options)).rejects.toBeInstanceOf(PrivateHostError);
  });

  it('refuses a name that resolves to a private address, at connect time', async (ctx) => {
    // this machine's own name resolves to a loopback or private address on most hosts
    const host = hostname();
    const addresses = await lookup(host, { all: true }).catch(() => []);
    if (addresses.length === 0 || !addresses.every((a) => isPrivateAddress(a.address))) return ctx.skip();
    endpoint = await startPaidEndpoint({ mode: 'plain' });
    const url = new URL(endpoint.url);
    url.hostname = host;
    await expect(probe(url, options)).rejects.toBeInstanceOf(PrivateHostError);
    expect(endpoint.hits).toEqual([]);
  });

  it('caps the body it reads', async () => {
    endpoint = await startPaidEndpoint({ mode: 'huge', accepts: [{ network: 'base', payTo: '0x2222222222222222222222222222222222222222' }] });
    const res = await probe(new URL(endpoint.url), { ...options, allowPrivateHosts: true, maxBytes: 2_048 });
    expect(res.status).toBe(402);
    expect(res.body.length).toBe(2_048);
  });
});
