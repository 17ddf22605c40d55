// Work a request leaves running after its answer is written (a bearer call's meter and its audit
// record): tracked, so the API waits for it before it closes Redis and none of it is cut off at
// shutdown. The work must not reject: it handles (logs) its own failures.

export class AfterResponse {
  private readonly running = new Set<Promise<void>>();

  track(work: Promise<void>): void {
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }

  /** Resolves once every piece of work tracked so far has finished. */
  async settled(): Promise<void> {
    await Promise.all([...this.running]);
  }
}
