// Work a request leaves running after its answer is written (a bearer call's meter and its audit
// record): tracked, so the API waits for it before it closes Redis and none of it is cut off at
// shutdown. The work handles its own expected failures; anything else it throws is logged here,
// never lost silently.
import type { Logger } from '../shared/logger.js';

export class AfterResponse {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  track(work: Promise<void>): void {
    const done: Promise<void> = work
      .catch((err: unknown) => this.logger.error({ err }, 'work left after an answer failed'))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves once every piece of work tracked so far has finished. */
  async settled(): Promise<void> {
    await Promise.all([...this.running]);
  }
}
