// The promptgate CLI, driven in-process through run().
import { describe, expect, it } from 'vitest';
import { run } from '../../scripts/promptgate.js';
import { scorePrompt } from '../../shared/scoring/index.js';

const noStdin = (): Promise<string> => Promise.reject(new Error('stdin not expected'));

describe('promptgate CLI', () => {
  it('scores a prompt given as an argument', async () => {
    const r = await run(['score', 'Write a haiku'], noStdin);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Score ${scorePrompt('Write a haiku').total}/80`);
    expect(r.stdout).toContain('Top fixes:');
  });

  it('prints JSON with --json and honours --vertical', async () => {
    const r = await run(['score', 'Audit my smart contract', '--vertical', 'crypto', '--json'], noStdin);
    expect(JSON.parse(r.stdout)).toEqual(scorePrompt('Audit my smart contract', 'crypto'));
  });

  it('reads stdin when the text is missing or "-"', async () => {
    for (const args of [['score'], ['score', '-']]) {
      const r = await run([...args, '--json'], () => Promise.resolve('Explain closures in JavaScript'));
      expect(JSON.parse(r.stdout).total).toBe(scorePrompt('Explain closures in JavaScript').total);
    }
  });

  it('rewrites with a style', async () => {
    const r = await run(['rewrite', 'Plan a trip', '--style', 'structured'], noStdin);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('## Task\nPlan a trip');
  });

  it('rejects unknown commands, verticals and styles with exit code 2', async () => {
    for (const args of [['grade', 'x'], ['score', 'x', '--vertical', 'nope'], ['rewrite', 'x', '--style', 'nope']]) {
      const r = await run(args, noStdin);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('usage:');
    }
  });

  it('empty stdin or an empty argument prints usage to stderr with exit code 2', async () => {
    for (const [args, stdin] of [[['score'], ''], [['rewrite', '-'], '  \n'], [['score', ''], 'unused']] as const) {
      const r = await run([...args], () => Promise.resolve(stdin));
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('usage:');
    }
  });

  it('a prompt over 10,000 characters is rejected with exit code 2', async () => {
    const r = await run(['score', 'a'.repeat(10_001)], noStdin);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('10000');
    expect((await run(['score', 'a'.repeat(10_000)], noStdin)).code).toBe(0);
  });
});
