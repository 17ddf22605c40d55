// The service in its production shape for tests: the API and the worker pools as child processes
// (run from the TypeScript sources), with their output kept for assertions.
import { type ChildProcess, spawn } from 'node:child_process';

export interface ChildRun {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];

/** `node --import tsx <entry> ...args` with `env` on top of this process's environment. */
export function startProcess(entry: string, args: string[], env: Record<string, string>): ChildRun {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  children.push(child);
  return { child, output: () => output, exited: new Promise((r) => child.once('exit', (code) => r(code))) };
}

/** Kills every child still running (an afterAll of each file that starts some). */
export function killChildren(): void {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

/** A bearer key made by the real keys CLI against the same Redis and prefix. */
export async function createKeyVia(env: Record<string, string>, tier = 'solo'): Promise<string> {
  const cli = startProcess('scripts/keys.ts', ['create', '--tier', tier], env);
  if ((await cli.exited) !== 0) throw new Error(`keys CLI failed: ${cli.output()}`);
  return /pgk_[A-Za-z0-9_-]{43}/.exec(cli.output())![0];
}

/** Waits until /readyz answers 200 (the API listens and both pools have a worker). */
export async function waitReady(url: string, deadlineMs = 30_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('service did not become ready');
}
