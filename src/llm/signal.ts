/**
 * Small AbortSignal helpers that work in every browser we target and in Node 20 without relying
 * on AbortSignal.any / AbortSignal.timeout, and that tell "timed out" apart from "cancelled".
 */

export interface AttemptSignal {
  signal: AbortSignal;
  /** True when our own timer fired (not the caller). */
  timedOut(): boolean;
  /** Clears the timer and the listener on the parent; call once the attempt settled. */
  dispose(): void;
}

/** A signal that aborts when the parent aborts or after timeoutMs, whichever comes first. */
export function attemptSignal(parent: AbortSignal | undefined, timeoutMs: number): AttemptSignal {
  const controller = new AbortController();
  let fired = false;
  const onParentAbort = () => controller.abort(parent?.reason);
  const timer = setTimeout(() => {
    fired = true;
    controller.abort(new Error(`timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener("abort", onParentAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => fired && !parent?.aborted,
    dispose: () => {
      clearTimeout(timer);
      parent?.removeEventListener("abort", onParentAbort);
    },
  };
}

class AbortedError extends Error {
  constructor() {
    super("aborted");
    this.name = "AbortError";
  }
}

/** setTimeout as a promise that rejects with an AbortError the moment the signal aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
