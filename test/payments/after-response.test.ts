// The work a bearer call leaves after its answer (its meter and its `metered` record): the API's
// shutdown waits for it through settled(), and a failure nobody handled is logged, not lost.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { AfterResponse } from '../../api/after-response.js';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'error' }, stream), lines };
}

/** Runs `what` after `ms`: resolves with it, or rejects with what it throws. */
const later = (ms: number, what: () => void) =>
  new Promise<void>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(what());
      } catch (error) {
        reject(error as Error);
      }
    }, ms),
  );

describe('AfterResponse', () => {
  it('settles only once every piece of work tracked so far has finished', async () => {
    const { logger } = capturingLogger();
    const after = new AfterResponse(logger);
    const finished: number[] = [];
    after.track(later(30, () => void finished.push(1)));
    after.track(later(10, () => void finished.push(2)));
    await after.settled();
    expect(finished.sort()).toEqual([1, 2]);
    // Nothing left: settles at once.
    await after.settled();
  });

  it('logs work that failed unhandled, and still settles', async () => {
    const { logger, lines } = capturingLogger();
    const after = new AfterResponse(logger);
    after.track(later(5, () => {
      throw new Error('the audit stream is gone');
    }));
    await after.settled();
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'work left after an answer failed', err: { message: 'the audit stream is gone' } });
  });
});
