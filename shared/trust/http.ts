// An HTTP client for probing a caller-named URL without becoming an SSRF proxy: every address a
// hostname resolves to is checked at connect time (so DNS rebinding and redirects to internal hosts
// are caught too), bodies are capped, and everything has a deadline.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export class PrivateHostError extends Error {
  override name = 'PrivateHostError';
}

export interface ProbeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** at most maxBytes of the body, decoded as UTF-8 */
  body: string;
}

export interface ProbeOptions {
  method: 'GET' | 'POST';
  body?: string;
  allowPrivateHosts: boolean;
  timeoutMs: number;
  maxBytes: number;
  signal: AbortSignal;
}

const MAX_REDIRECTS = 3;

// Everything that is not the public internet: RFC 1918, loopback, link-local (cloud metadata lives at
// 169.254.169.254), CGNAT, benchmarking, documentation, multicast, reserved, and their IPv6 kin.
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['2001:db8::', 32], ['64:ff9b::', 96], ['100::', 64],
] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse rather than guess
  const mapped = ipv4MappedAddress(address.toLowerCase());
  return mapped === null ? PRIVATE.check(address, 'ipv6') : PRIVATE.check(mapped, 'ipv4');
}

/** ::ffff:a.b.c.d or ::ffff:xxxx:yyyy, as the IPv4 address it stands for. */
function ipv4MappedAddress(v6: string): string | null {
  const m = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/.exec(v6);
  if (!m) return null;
  if (isIP(m[1]!) === 4) return m[1]!;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(m[1]!);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** dns.lookup that refuses to hand a private address to the socket. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) return callback(new PrivateHostError(`${hostname} resolves to a private address`), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

/** Refuses private hosts named by IP literal (which never reach a lookup) before connecting. */
export function assertPublicHost(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && isPrivateAddress(host)) throw new PrivateHostError(`${host} is a private address`);
  if (host === 'localhost' || host.endsWith('.localhost')) throw new PrivateHostError(`${host} is a loopback name`);
}

export async function probe(url: URL, options: ProbeOptions): Promise<ProbeResponse> {
  let current = url;
  let method = options.method;
  let body = options.body;
  for (let hop = 0; ; hop++) {
    const res = await requestOnce(current, { ...options, method, body });
    const location = res.headers.location;
    if (res.status < 300 || res.status >= 400 || !location || hop === MAX_REDIRECTS) return res;
    current = new URL(location, current);
    if (current.protocol !== 'http:' && current.protocol !== 'https:') return res;
    // 307/308 keep the method and body; the rest turn into a plain GET, as browsers do
    if (res.status !== 307 && res.status !== 308) {
      method = 'GET';
      body = undefined;
    }
  }
}

function requestOnce(url: URL, options: ProbeOptions): Promise<ProbeResponse> {
  if (!options.allowPrivateHosts) assertPublicHost(url);
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]);
  const client = url.protocol === 'https:' ? https : http;
  const headers: http.OutgoingHttpHeaders = { accept: 'application/json', 'user-agent': 'promptgate-trust/2.0' };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(options.body);
  }
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: options.method,
      headers,
      signal,
      ...(options.allowPrivateHosts ? {} : { lookup: guardedLookup }),
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.on('data', (chunk: Buffer) => {
        const room = options.maxBytes - size;
        if (room <= 0) return;
        chunks.push(chunk.subarray(0, room));
        size += Math.min(room, chunk.length);
        if (size >= options.maxBytes) {
          finish();
          res.destroy();
        }
      });
      res.on('end', finish);
      res.on('error', reject);
    });
    req.end(options.body);
  });
}
