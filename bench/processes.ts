// The service's processes as the benchmarks run them: children started with IPC, stopped with
// SIGTERM, their CPU time read from /proc, and the waits for them to come up.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';

/** Every model call of the test model server takes this long (issue 12's and 10's tables). */
export const MODEL_DELAY_MS = 500;

const children: ChildProcess[] = [];

/** `profileDir`: the process writes a CPU profile there (`--cpu-prof`). */
export function start(args: string[], env: Record<string, string>, profileDir?: string): ChildProcess {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, ...args], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.push(child);
  return child;
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** Stops every process started here, so none outlives the benchmark. */
export async function stopAll() {
  for (const child of children) await stop(child);
}

/** CPU time (user + system) a process has used, in ms; undefined where /proc is not there. */
export function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function waitFor(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 300; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up`);
}

export async function ready(url: string): Promise<boolean> {
  const res = await fetch(`${url}/readyz`);
  return res.status === 200;
}

export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The test model server (bench/model-server.ts) in its own process, serving model-a, model-b and judge. */
export async function startModelServer(): Promise<{ models: ChildProcess; baseUrl: string }> {
  const models = start(['--import', 'tsx', 'bench/model-server.ts', String(MODEL_DELAY_MS), 'model-a', 'model-b', 'judge'], process.env as Record<string, string>);
  const [{ baseUrl }] = (await once(models, 'message')) as [{ baseUrl: string }];
  return { models, baseUrl };
}

/**
 * The environment of the service's processes in a benchmark: production mode, its own Redis and
 * prefix, no x402, and compare's three roles on three providers of the test model server.
 */
export function serviceEnv(redisUrl: string, port: number, baseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  const entry = (name: string, model: string) => ({ name, base_url: baseUrl, models: [model], max_retries: 0, max_concurrency: 1000 });
  return {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: 'bench',
    HOST: '127.0.0.1',
    PORT: String(port),
    X402_ENABLED: 'false',
    LLM_PROVIDERS: JSON.stringify([entry('alpha', 'model-a'), entry('beta', 'model-b'), entry('gamma', 'judge')]),
    LLM_COMPARE_MODEL_A: 'model-a',
    LLM_COMPARE_MODEL_B: 'model-b',
    LLM_JUDGE_MODEL: 'judge',
    ...extra,
  };
}
