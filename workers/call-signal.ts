// A call's abort signal, made only when its processor reads it. Engine processors never do: they
// run to the end in one turn of the event loop, so an AbortController and a deadline timer per call
// (armed, then cleared, for every call of every queue job) were pure overhead on the score pool.
// A processor that reads the signal gets the same one it would have had from the start: aborted
// at the call's deadline, or when the worker closes, or at once if either already happened.

export class CallSignal {
  private controller: AbortController | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Why the call was aborted before anyone read its signal. */
  private reason: { value: unknown } | undefined;

  constructor(private readonly deadline: number) {}

  get signal(): AbortSignal {
    if (this.controller) return this.controller.signal;
    const controller = (this.controller = new AbortController());
    if (this.reason) controller.abort(this.reason.value);
    else {
      const remaining = this.deadline - Date.now();
      if (remaining <= 0) controller.abort(new Error('job deadline passed'));
      else this.timer = setTimeout(() => controller.abort(new Error('job deadline passed')), remaining);
    }
    return controller.signal;
  }

  abort(reason: unknown): void {
    if (this.controller) this.controller.abort(reason);
    else this.reason ??= { value: reason };
  }

  /** The call is over: its deadline timer, if armed, is released. */
  release(): void {
    clearTimeout(this.timer);
  }
}
