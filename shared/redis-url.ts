// Where Redis is, as one URL: `redis://` or `rediss://` for one server, `redis+cluster://` or
// `rediss+cluster://` for a Redis Cluster, naming its seed nodes (ioredis learns the rest of the
// cluster from them): `redis+cluster://[user:password@]host:port[,host:port...]`. One string, so a
// cluster reaches every process and CLI the way a single server does (REDIS_URL, or
// REDIS_CLUSTER_NODES turned into this form by the config). A leaf module: config and the
// connection factory both read it.

export interface ClusterNode {
  host: string;
  port: number;
}

export interface ClusterTarget {
  nodes: ClusterNode[];
  username?: string;
  password?: string;
  /** `rediss+cluster://`: every node is reached over TLS. */
  tls: boolean;
}

const CLUSTER_SCHEME = /^(rediss?)\+cluster:\/\//;
const SINGLE_SCHEME = /^rediss?:\/\/.+/;
const DEFAULT_PORT = 6379;

/** `host:port`, `host` (port 6379) or `[v6]:port`; throws with the reason when it is none of them. */
export function parseNode(text: string): ClusterNode {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:/@,[\]]+))(?::(\d{1,5}))?$/.exec(text.trim());
  const port = m?.[3] === undefined ? DEFAULT_PORT : Number(m[3]);
  if (!m || port < 1 || port > 65535) throw new Error(`"${text.trim()}" is not host:port`);
  return { host: (m[1] ?? m[2])!, port };
}

/** The seed nodes of a comma-separated `host:port` list (REDIS_CLUSTER_NODES); throws on a bad entry. */
export function parseNodes(list: string): ClusterNode[] {
  const entries = list.split(',').filter((e) => e.trim() !== '');
  if (entries.length === 0) throw new Error('names no node');
  return entries.map(parseNode);
}

const formatNode = ({ host, port }: ClusterNode) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

/** The cluster URL of a seed-node list, without credentials. */
export const clusterUrl = (nodes: ClusterNode[]) => `redis+cluster://${nodes.map(formatNode).join(',')}`;

/** The cluster a `redis+cluster://` URL names; null for a single-server URL. Throws when malformed. */
export function parseClusterUrl(url: string): ClusterTarget | null {
  const scheme = CLUSTER_SCHEME.exec(url);
  if (!scheme) return null;
  const rest = url.slice(scheme[0].length).replace(/\/$/, '');
  // A cluster has database 0 only, so no path; credentials end at the last `@` (a password may hold one).
  const at = rest.lastIndexOf('@');
  const hosts = rest.slice(at + 1);
  if (/[/?#]/.test(hosts)) throw new Error('takes no database, path or options after the nodes');
  const target: ClusterTarget = { nodes: parseNodes(hosts), tls: scheme[1] === 'rediss' };
  if (at >= 0) {
    const [user = '', ...password] = rest.slice(0, at).split(':');
    if (user) target.username = decodeURIComponent(user);
    if (password.length > 0) target.password = decodeURIComponent(password.join(':'));
  }
  return target;
}

/** Why `url` cannot name a Redis server or cluster, or null when it can. */
export function redisUrlProblem(url: string): string | null {
  if (CLUSTER_SCHEME.test(url)) {
    try {
      parseClusterUrl(url);
      return null;
    } catch (error) {
      return `cluster URL ${(error as Error).message}`;
    }
  }
  return SINGLE_SCHEME.test(url) ? null : 'must be a redis://, rediss://, redis+cluster:// or rediss+cluster:// URL';
}
