import type { Embedder, Judge } from "../ports";
import { MetricError } from "../result";

/**
 * Pause for a generation: once paused, no new request starts (each is refused as a cancellation,
 * which ends generateTestset with `cancelled`), and the requests already on the wire finish and
 * land in the reply cache. `settled()` resolves when the last of them has, so whoever resumes
 * (this tab, or a reload) finds every answered request in the cache and sends none twice.
 *
 * Wrap the ports handed to generateTestset (below its limiter): a request waiting for a slot has
 * not started, so a pause refuses it too.
 */
export interface PausablePorts {
  judge: Judge;
  embedder: Embedder;
  pause(): void;
  readonly paused: boolean;
  /** Resolves once no request is in flight (at once when none is). */
  settled(): Promise<void>;
}

export function pausablePorts(ports: { judge: Judge; embedder: Embedder }): PausablePorts {
  let paused = false;
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const wake = () => {
    if (inFlight > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  const gate = async <T>(send: () => Promise<T>): Promise<T> => {
    if (paused) throw new MetricError("cancelled", "Paused.", []);
    inFlight++;
    try {
      return await send();
    } finally {
      inFlight--;
      wake();
    }
  };
  return {
    judge: { complete: (request) => gate(() => ports.judge.complete(request)) },
    embedder: { embed: (request) => gate(() => ports.embedder.embed(request)) },
    pause() {
      paused = true;
    },
    get paused() {
      return paused;
    },
    settled() {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
