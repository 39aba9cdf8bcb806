/**
 * One limiter per run: at most `limit` tasks in flight. When the server rate-limits, the limit
 * halves and grows back by one per window of successes, so a run slows down instead of hammering
 * a server that already said no. Only one halving per window: the 429s of requests that were
 * already in flight at the old rate say nothing new. It never drops below a quarter of the
 * configured concurrency, so sporadic 429s (the transport already waits out Retry-After) cannot
 * starve a run. It owns no timers: waiting is done by promises.
 */
export class Limiter {
  private active = 0;
  private readonly queue: Array<{ start: () => void; priority: number }> = [];
  private current: number;
  private successesSinceShrink = 0;
  private finishedSinceShrink = Number.POSITIVE_INFINITY;
  private window = 0;
  private readonly floor: number;
  peak = 0;

  constructor(private readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`concurrency must be a positive integer, got ${max}`);
    this.current = max;
    this.floor = Math.max(1, Math.ceil(max / 4));
  }

  get limit(): number {
    return this.current;
  }

  get inFlight(): number {
    return this.active;
  }

  /**
   * Runs `task` when a slot is free. Higher `priority` goes first among queued tasks (ties keep
   * their order): a request that others wait on should not queue behind requests nobody waits on.
   */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal, priority = 0): Promise<T> {
    await this.acquire(signal, priority);
    try {
      const value = await task();
      this.grow();
      return value;
    } finally {
      this.release();
    }
  }

  /** The server said 429: halve what we let through until successes earn it back. */
  shrink(): void {
    if (this.finishedSinceShrink < this.window) return;
    this.current = Math.max(this.floor, Math.floor(this.current / 2));
    this.window = this.current;
    this.successesSinceShrink = 0;
    this.finishedSinceShrink = 0;
  }

  private grow(): void {
    if (this.current >= this.max) return;
    this.successesSinceShrink++;
    if (this.successesSinceShrink >= this.current) {
      this.current++;
      this.successesSinceShrink = 0;
      this.pump();
    }
  }

  private acquire(signal: AbortSignal | undefined, priority: number): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.active < this.current && this.queue.length === 0) {
      this.take();
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        priority,
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          this.take();
          resolve();
        },
      };
      const onAbort = () => {
        const i = this.queue.indexOf(entry);
        if (i >= 0) this.queue.splice(i, 1);
        reject(abortReason(signal!));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      const before = this.queue.findIndex((queued) => queued.priority < priority);
      if (before < 0) this.queue.push(entry);
      else this.queue.splice(before, 0, entry);
    });
  }

  private take(): void {
    this.active++;
    if (this.active > this.peak) this.peak = this.active;
  }

  private release(): void {
    this.active--;
    this.finishedSinceShrink++;
    this.pump();
  }

  private pump(): void {
    while (this.active < this.current && this.queue.length > 0) this.queue.shift()!.start();
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error("aborted");
}
