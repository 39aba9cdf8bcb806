/**
 * Waits on events, for tests that drive runs and stores: a test wakes when what it waits for has
 * happened, whatever the machine's speed, instead of polling on a timer. Each wait has a bound, so
 * one that never comes fails in words instead of hanging.
 */

const BOUND_MS = 15_000;

/** Rejects after the bound unless `settled` wins first. */
function bounded<T>(settled: Promise<T>, what: string, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${timeoutMs} ms for ${what}`)), timeoutMs);
  });
  return Promise.race([settled, timedOut]).finally(() => clearTimeout(timer));
}

interface Watchable<S> {
  getState(): S;
  subscribe(listener: (state: S) => void): () => void;
}

/** The store's state once `reached` holds for it: now, or at the write that makes it so. */
export function whenState<S>(store: Watchable<S>, reached: (state: S) => boolean, what: string, timeoutMs = BOUND_MS): Promise<S> {
  const now = store.getState();
  if (reached(now)) return Promise.resolve(now);
  let unsubscribe = () => {};
  const settled = new Promise<S>((resolve) => {
    unsubscribe = store.subscribe((state) => {
      if (reached(state)) resolve(state);
    });
  });
  return bounded(settled, what, timeoutMs).finally(() => unsubscribe());
}

/**
 * A list a run's callback appends to (say, the ids of finished samples), with a promise for the
 * moment it holds `n` items: the waiter wakes in the same turn, before any later timer fires.
 */
export function watchedList<T>(what: string) {
  const items: T[] = [];
  const waiting: { n: number; wake: () => void }[] = [];
  return {
    items,
    push(item: T): void {
      items.push(item);
      for (const w of waiting) if (items.length >= w.n) w.wake();
    },
    reaches(n: number, timeoutMs = BOUND_MS): Promise<void> {
      if (items.length >= n) return Promise.resolve();
      return bounded(new Promise<void>((wake) => waiting.push({ n, wake })), `${n} ${what}`, timeoutMs);
    },
  };
}
