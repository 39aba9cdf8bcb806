import { BatchApiError, type BatchApi, ENDED, type RemoteBatch } from "./batch-api";

/** Seconds at first, then minutes: a 24-hour window is polled a few hundred times, not thousands. */
export interface PollPolicy {
  firstMs: number;
  factor: number;
  maxMs: number;
  /** Consecutive failed polls (lost connection, 5xx) before the run stops (its state is kept). */
  maxFailures: number;
}

export const DEFAULT_POLL: PollPolicy = { firstMs: 5_000, factor: 1.6, maxMs: 5 * 60_000, maxFailures: 12 };

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The status line of one batch, as the CLI prints it and the page shows it. */
export function statusLine(round: number, batch: RemoteBatch, label: string): string {
  const counts = batch.request_counts;
  const n = counts ? `${counts.completed + counts.failed} / ${counts.total}` : "";
  const failed = counts?.failed ? `, ${counts.failed} failed` : "";
  const text = batch.status === "in_progress" ? `in progress ${n}${failed}` : `${batch.status}${batch.status === "completed" ? ` ${n}${failed}` : ""}`;
  return `round ${round} ${label} ${batch.id}: ${text}`;
}

/** A 4xx other than a rate limit: it will not get better by asking again. */
function isLasting(error: unknown): boolean {
  return error instanceof BatchApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/** Polls one batch until it ends; network failures back off too, and only many in a row stop it. */
export async function pollUntilEnded(
  api: BatchApi,
  batchId: string,
  options: { policy: PollPolicy; sleep: Sleep; signal?: AbortSignal; onUpdate?: (batch: RemoteBatch) => void },
): Promise<RemoteBatch> {
  let wait = options.policy.firstMs;
  let failures = 0;
  for (;;) {
    if (options.signal?.aborted) throw new BatchApiError("cancelled", 0, "cancelled");
    try {
      const batch = await api.retrieve(batchId);
      failures = 0;
      options.onUpdate?.(batch);
      if (ENDED.includes(batch.status)) return batch;
    } catch (error) {
      if (isLasting(error)) throw error;
      failures++;
      if (failures >= options.policy.maxFailures) throw error;
    }
    await options.sleep(wait, options.signal);
    wait = Math.min(options.policy.maxMs, Math.round(wait * options.policy.factor));
  }
}

/**
 * A read that changes nothing at the provider (listing batches on resume, downloading a results
 * file) is asked again after a lost connection, a 5xx or a 429: up to `retries` times, after the
 * poll's first wait and then longer, so one dropped connection does not stop a run whose batches
 * are done. Creating a batch is never retried this way: a lost reply may have created it, and a
 * resume finds it by its metadata instead.
 */
export async function readAgainOnFailure<T>(
  read: () => Promise<T>,
  options: { policy: PollPolicy; sleep: Sleep; signal?: AbortSignal },
  retries = 2,
): Promise<T> {
  let wait = options.policy.firstMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (isLasting(error) || attempt >= retries || options.signal?.aborted) throw error;
    }
    await options.sleep(wait, options.signal);
    wait = Math.min(options.policy.maxMs, Math.round(wait * options.policy.factor));
  }
}
