// The service's processes as the benchmarks run them: children started with IPC, stopped with
// SIGTERM, their CPU time read from /proc, and the waits for them to come up.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';

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
