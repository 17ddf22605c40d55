// Natural micro-batching of the calls bound for one queue: at most one job add is in flight at a
// time, and the calls that arrive while it is form the next job (several jobs of at most
// `maxItems` calls, added in one round trip, when more arrived than fit in one). A lone caller
// finds no add in flight and goes at once: batching never adds a wait, and the busier the queue,
// the more calls share each add, fetch, completion and completion event.

export class Bundler<T> {
  private pending: T[] = [];
  private adding = false;

  /**
   * `add` queues the given groups of calls, one queue job per group, in one round trip. It must not
   * reject: a failed add is answered to the calls' own waiters.
   */
  constructor(
    private readonly add: (groups: T[][]) => Promise<void>,
    private readonly maxItems: number,
  ) {}

  push(call: T): void {
    this.pending.push(call);
    if (!this.adding) void this.flush();
  }

  /** Takes back a call that is not queued yet (its caller gave up); false when it already went. */
  withdraw(call: T): boolean {
    const at = this.pending.indexOf(call);
    if (at < 0) return false;
    this.pending.splice(at, 1);
    return true;
  }

  private async flush() {
    this.adding = true;
    try {
      while (this.pending.length > 0) {
        const calls = this.pending;
        this.pending = [];
        const groups: T[][] = [];
        for (let i = 0; i < calls.length; i += this.maxItems) groups.push(calls.slice(i, i + this.maxItems));
        await this.add(groups);
      }
    } finally {
      this.adding = false;
    }
  }
}
