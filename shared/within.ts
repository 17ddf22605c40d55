// Waiting for something with a bound, without cancelling it: the work keeps running (a settlement
// that outlives its answer deadline still lands, a closing worker still finishes its jobs).

export type Within<T> = { done: true; value: T } | { done: false };

/** `work`'s value if it settles within `ms`, else `{done: false}`; a rejection within `ms` rejects. */
export async function within<T>(work: Promise<T>, ms: number): Promise<Within<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Within<T>>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), ms);
  });
  try {
    return await Promise.race([work.then((value): Within<T> => ({ done: true, value })), late]);
  } finally {
    clearTimeout(timer);
  }
}
