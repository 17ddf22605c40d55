// Every environment variable of the service, parsed once with zod. A bad value stops startup with
// a message that names the variable. Tests build their own Config from an env object.
import { z } from 'zod';
import { ConfigError } from './config-error.js';
import { bool, httpUrl, int, optionalString } from './env-fields.js';
import { buildProvidersConfig, providersEnvShape } from './providers/env.js';
import { clusterUrl, parseNodes, redisUrlProblem } from './redis-url.js';
import { MAX_BATCH } from './schemas/requests.js';
import { buildTrustConfig, trustEnvShape } from './trust/env.js';

const redisUrl = z
  .string()
  .default('redis://127.0.0.1:6379')
  .superRefine((v, ctx) => {
    const problem = redisUrlProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Seed nodes of a Redis Cluster, `host:port,host:port`, as the cluster URL they stand for. */
const clusterNodes = optionalString.transform((v, ctx) => {
  if (v === undefined) return undefined;
  try {
    return clusterUrl(parseNodes(v));
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `must list host:port seed nodes, comma-separated: ${(error as Error).message}` });
    return z.NEVER;
  }
});

/** The items of a comma-separated variable, trimmed, blanks dropped. */
const commaList = (raw: string | undefined) => (raw ?? '').split(',').map((v) => v.trim()).filter(Boolean);

/** `*`, or a comma-separated list of origins (`https://app.example.com`) allowed to call the API from a browser. */
const corsOrigins = z
  .string()
  .optional()
  .transform((raw, ctx): '*' | string[] => {
    const items = commaList(raw);
    if (items.length === 0 || items.includes('*')) return '*';
    for (const item of items) {
      if (!/^https?:\/\/[^/\s]+$/.test(item)) ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin (scheme://host[:port])` });
    }
    return items;
  });

/** Comma-separated EIP-191 signatures (65 bytes, hex) of the service's origin by the EVM payTo wallet. */
const ownershipProofs = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const items = commaList(raw);
    for (const item of items) {
      if (!/^0x[0-9a-fA-F]{130}$/.test(item)) ctx.addIssue({ code: 'custom', message: `"${item.slice(0, 16)}…" is not a 65-byte hex signature` });
    }
    return items;
  });

// One prompt of 10000 characters escaped the worst way JSON allows (an emoji as two \uXXXX escapes,
// 12 bytes, as encoders that escape all non-ASCII write it) fits; a batch fits as many as it holds.
const BODY_LIMIT_DEFAULT = 131_072;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // SIGTERM: how long in-flight requests and active jobs get to finish before they are cut short.
  SHUTDOWN_GRACE_MS: int(20_000, 0, 600_000),

  // HTTP
  PORT: int(8080, 0, 65535),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_BASE_URL: httpUrl.optional(),
  TRUST_PROXY: bool(false),
  BODY_LIMIT_BYTES: int(BODY_LIMIT_DEFAULT, 1024),
  BATCH_BODY_LIMIT_BYTES: int(MAX_BATCH * BODY_LIMIT_DEFAULT, 1024),
  // The whole request (headers and body) must arrive within this; a client that stalls halfway holds
  // a connection no longer (Node's own default is 300 s). The answer's own time is not counted.
  HTTP_REQUEST_TIMEOUT_MS: int(30_000, 1_000, 600_000),
  ADMIN_TOKEN: optionalString,
  CORS_ORIGINS: corsOrigins,
  // Metrics: the API's /metrics is off unless ADMIN_TOKEN guards it or this opens it to all.
  METRICS_PUBLIC: bool(false),
  // A worker process serves its own /metrics on this port (unset: none; 0: a free port).
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),

  // Redis and queues
  REDIS_URL: redisUrl,
  // Set: a Redis Cluster through these seed nodes, whatever REDIS_URL says (see shared/redis-url.ts).
  REDIS_CLUSTER_NODES: clusterNodes,
  // No braces: each queue's hash tag is added below it (queuePrefix in shared/redis.ts), and a tag in
  // the prefix itself would put every key of the service in one slot of a cluster.
  QUEUE_PREFIX: z
    .string()
    .min(1)
    .regex(/^[^{}]+$/, 'must not contain { or }: each queue gets a hash tag of its own under the prefix')
    .default('promptgate'),
  // Bound on each Redis command of the request path; a stalled Redis answers 503 after this long.
  REDIS_COMMAND_TIMEOUT_MS: int(1_000, 50, 60_000),
  WORKER_SCORE_CONCURRENCY: int(16, 1, 1000),
  WORKER_LLM_CONCURRENCY: int(32, 1, 1000),
  // Most calls in one queue job when cheap engine calls ride together (1: every call alone).
  JOB_BATCH_MAX_ITEMS: int(32, 1, 1000),
  // Completed jobs hold prompts and results that were already delivered: none are kept by default.
  JOB_KEEP_COMPLETED: int(0, 0),
  JOB_KEEP_FAILED: int(1000, 0),
  JOB_KEEP_FAILED_AGE_S: int(3600, 1),
  SCORE_JOB_TIMEOUT_MS: int(5_000, 100),
  PREFLIGHT_JOB_TIMEOUT_MS: int(15_000, 100),
  LLM_JOB_TIMEOUT_MS: int(60_000, 100),
  COMPARE_JOB_TIMEOUT_MS: int(120_000, 100),

  // Free tier and subscriptions
  FREE_RATE_LIMIT_PER_MIN: int(5, 1),
  OPTIMIZE_RATE_LIMIT_SOLO_PER_MIN: int(10, 1),
  OPTIMIZE_RATE_LIMIT_TEAM_PER_MIN: int(30, 1),
  OPTIMIZE_RATE_LIMIT_BUSINESS_PER_MIN: int(120, 1),
  OPTIMIZE_RATE_LIMIT_ENTERPRISE_PER_MIN: int(600, 1),

  // x402
  X402_ENABLED: bool(true),
  X402_EVM_PAY_TO: optionalString,
  X402_SVM_PAY_TO: optionalString,
  X402_EVM_NETWORK: z.string().min(1).default('base'),
  X402_SVM_NETWORK: z.string().min(1).default('solana'),
  // Unset: USDC of the chosen network, with its EIP-712 domain, from the x402 packages' tables.
  X402_EVM_ASSET: optionalString,
  X402_SVM_ASSET: optionalString,
  // EIP-712 domain of a custom EVM asset (name, version); derived for USDC.
  X402_EVM_ASSET_NAME: optionalString,
  X402_EVM_ASSET_VERSION: optionalString,
  X402_FACILITATOR_URL: httpUrl.default('https://x402.org/facilitator'),
  // The longest a client waits on one facilitator call (/verify, /settle); also sizes payment windows.
  X402_FACILITATOR_TIMEOUT_MS: int(30_000, 100, 120_000),
  AUDIT_STREAM_MAXLEN: int(100_000, 100),
  X402_OWNERSHIP_PROOFS: ownershipProofs,

  // `npx promptgate mcp`: the service its tools call (unset: the local engine only) and its bearer key
  PROMPTGATE_URL: httpUrl.optional(),
  PROMPTGATE_API_KEY: optionalString,

  ...providersEnvShape,
  ...trustEnvShape,
});

function buildConfig(env: z.output<typeof EnvSchema>) {
  return {
    env: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    http: {
      port: env.PORT,
      host: env.HOST,
      publicBaseUrl: env.PUBLIC_BASE_URL,
      trustProxy: env.TRUST_PROXY,
      bodyLimitBytes: env.BODY_LIMIT_BYTES,
      batchBodyLimitBytes: env.BATCH_BODY_LIMIT_BYTES,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      adminToken: env.ADMIN_TOKEN,
      corsOrigins: env.CORS_ORIGINS,
    },
    metrics: { public: env.METRICS_PUBLIC, port: env.METRICS_PORT },
    redis: { url: env.REDIS_CLUSTER_NODES ?? env.REDIS_URL, prefix: env.QUEUE_PREFIX, commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS },
    workers: {
      scoreConcurrency: env.WORKER_SCORE_CONCURRENCY,
      llmConcurrency: env.WORKER_LLM_CONCURRENCY,
      batchMaxItems: env.JOB_BATCH_MAX_ITEMS,
      keepCompleted: env.JOB_KEEP_COMPLETED,
      keepFailed: env.JOB_KEEP_FAILED,
      keepFailedAgeS: env.JOB_KEEP_FAILED_AGE_S,
    },
    timeouts: {
      scoreMs: env.SCORE_JOB_TIMEOUT_MS,
      preflightMs: env.PREFLIGHT_JOB_TIMEOUT_MS,
      llmMs: env.LLM_JOB_TIMEOUT_MS,
      compareMs: env.COMPARE_JOB_TIMEOUT_MS,
    },
    rateLimits: {
      freePerMin: env.FREE_RATE_LIMIT_PER_MIN,
      optimizePerMin: {
        solo: env.OPTIMIZE_RATE_LIMIT_SOLO_PER_MIN,
        team: env.OPTIMIZE_RATE_LIMIT_TEAM_PER_MIN,
        business: env.OPTIMIZE_RATE_LIMIT_BUSINESS_PER_MIN,
        enterprise: env.OPTIMIZE_RATE_LIMIT_ENTERPRISE_PER_MIN,
      },
    },
    x402: {
      enabled: env.X402_ENABLED,
      evm: {
        payTo: env.X402_EVM_PAY_TO,
        network: env.X402_EVM_NETWORK,
        asset: env.X402_EVM_ASSET,
        assetName: env.X402_EVM_ASSET_NAME,
        assetVersion: env.X402_EVM_ASSET_VERSION,
      },
      svm: { payTo: env.X402_SVM_PAY_TO, network: env.X402_SVM_NETWORK, asset: env.X402_SVM_ASSET },
      facilitatorUrl: env.X402_FACILITATOR_URL,
      facilitatorTimeoutMs: env.X402_FACILITATOR_TIMEOUT_MS,
      auditStreamMaxLen: env.AUDIT_STREAM_MAXLEN,
      ownershipProofs: env.X402_OWNERSHIP_PROOFS,
    },
    mcp: { serviceUrl: env.PROMPTGATE_URL, apiKey: env.PROMPTGATE_API_KEY },
    providers: buildProvidersConfig(env),
    trust: buildTrustConfig(env),
  };
}

export type Config = ReturnType<typeof buildConfig>;

export { ConfigError };

/** Parses and checks the environment. Throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset (docker-compose's `${VAR:-}` passes empty strings).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw ConfigError.of(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const config = buildConfig(parsed.data);
  const missing: string[] = [];
  if (config.x402.enabled && !config.x402.evm.payTo) missing.push('X402_EVM_PAY_TO');
  if (config.x402.enabled && !config.x402.svm.payTo) missing.push('X402_SVM_PAY_TO');
  if (missing.length > 0) {
    throw ConfigError.of([
      `X402_ENABLED is true but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set ` +
        '(set the recipient wallet, or X402_ENABLED=false to take bearer keys only)',
    ]);
  }
  return config;
}
