import type { SleepFn } from "./config";
import { classifyError, isRetryable, LlmError } from "./errors";
import { abortableSleep, attemptSignal } from "./signal";

const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 30_000;
/** Longer Retry-After values are clamped: a run should not sit silent for many minutes. */
const RETRY_AFTER_CAP_MS = 120_000;
/**
 * A request that got no HTTP answer at all (refused, unreachable, blocked by CORS) is retried at
 * most this many times whatever the budget: a dropped connection comes back within a retry or
 * two, while a server the browser may not read (CORS) would otherwise hold every call for the
 * whole backoff ladder (about 45 s at 8 retries) before the user sees why.
 */
export const NETWORK_RETRY_CAP = 2;

export interface RetryOptions {
  maxRetries: number;
  /** Per HTTP attempt, not for the whole call. */
  timeoutMs: number;
  signal?: AbortSignal;
  sleep?: SleepFn;
  /** Told about every 429, so a shared limiter can slow the whole run down. */
  onRateLimited?: (retryAfterMs: number | undefined) => void;
  /** Keys to scrub from any server message we keep. */
  secrets?: readonly (string | undefined)[];
  random?: () => number;
}

export interface RetryOutcome<T> {
  value: T;
  attempts: number;
}

/** Exponential backoff with full jitter (AWS architecture blog): spreads retries of many clients. */
export function backoffDelay(retryIndex: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}

/** The wait before the next attempt: the server's Retry-After when we could read it, else backoff. */
export function retryDelay(error: LlmError, retryIndex: number, random?: () => number): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, RETRY_AFTER_CAP_MS);
  return backoffDelay(retryIndex, random);
}

function cancelled(attempts: number): LlmError {
  const error = new LlmError("cancelled", "the request was cancelled");
  error.attempts = attempts;
  return error;
}

/** Waits, but gives up the instant the signal aborts even if an injected sleep ignores it. */
async function wait(ms: number, signal: AbortSignal | undefined, sleep: SleepFn): Promise<void> {
  if (!signal) return sleep(ms);
  await new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(new Error("aborted"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    sleep(ms, signal)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * Runs one HTTP request with our retry policy. Throws an LlmError whose `attempts` says how many
 * HTTP attempts were made; a cancellation always wins over any other outcome.
 */
export async function withRetry<T>(attempt: (signal: AbortSignal) => Promise<T>, options: RetryOptions): Promise<RetryOutcome<T>> {
  const { signal, maxRetries, timeoutMs } = options;
  const sleep = options.sleep ?? abortableSleep;
  let attempts = 0;
  let networkFailures = 0;
  for (;;) {
    if (signal?.aborted) throw cancelled(attempts);
    attempts += 1;
    const scoped = attemptSignal(signal, timeoutMs);
    let failure: LlmError;
    try {
      const value = await attempt(scoped.signal);
      return { value, attempts };
    } catch (error) {
      failure = classifyError(error, {
        cancelled: signal?.aborted === true,
        timedOut: scoped.timedOut(),
        timeoutMs,
        ...(options.secrets ? { secrets: options.secrets } : {}),
      });
    } finally {
      scoped.dispose();
    }
    failure.attempts = attempts;
    if (failure.kind === "cancelled") throw failure;
    if (failure.kind === "rate_limited") options.onRateLimited?.(failure.retryAfterMs);
    if (failure.kind === "network") networkFailures += 1;
    if (!isRetryable(failure) || attempts > maxRetries || networkFailures > NETWORK_RETRY_CAP) throw failure;
    try {
      await wait(retryDelay(failure, attempts - 1, options.random), signal, sleep);
    } catch (sleepError) {
      if (signal?.aborted) throw cancelled(attempts);
      throw sleepError;
    }
  }
}
