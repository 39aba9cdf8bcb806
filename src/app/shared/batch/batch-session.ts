import type { BatchPlanConfig } from "../../../engine/run/batch-plan";
import type { WorkUnit } from "../../../engine/run/evaluate";
import type { BatchApi } from "../../../llm/batch/batch-api";
import { batchApiFor } from "../../../llm/batch/choose-api";
import type { Sleep } from "../../../llm/batch/poll";
import { type BatchRunOutput, runByBatch } from "../../../llm/batch/run-batch";
import type { TransportConfig } from "../../../llm/config";
import { abortableSleep } from "../../../llm/signal";
import { BATCH_LOCK_PREFIX, withLockIfFree } from "../locks/run-locks";
import { type BatchDb, idbBatchState } from "../../../storage/db/batches";

/**
 * A run by batch in the page: its state lives in IndexedDB (src/storage/db/batch-state.ts), so a
 * reload or a closed tab loses nothing; opening the run again polls the same batches. One tab at
 * a time drives a run (a Web Lock per run): a second tab sees "held elsewhere" and submits
 * nothing; should the lock be missing, the provider-side metadata lookup still finds a batch
 * already created instead of creating it again.
 */

/** The part of the Web Locks API we use (navigator.locks), injectable for tests. */
export interface RunLocks {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

export type BatchSessionOutcome = ({ kind: "finished" } & BatchRunOutput) | { kind: "held-elsewhere" };

export interface BatchSessionOptions {
  runKey: string;
  units: readonly WorkUnit[];
  plan: BatchPlanConfig;
  config: TransportConfig;
  db: BatchDb;
  locks?: RunLocks;
  sleep?: Sleep;
  signal?: AbortSignal;
  onStatus?: (line: string) => void;
  /** Defaults to the batch API of the config's base URL (Anthropic's Message Batches for api.anthropic.com, else Files + Batches). */
  apiFor?: (endpoint: "/v1/chat/completions" | "/v1/embeddings") => BatchApi;
}

export async function runBatchSession(options: BatchSessionOptions): Promise<BatchSessionOutcome> {
  const drive = async (): Promise<BatchSessionOutcome> => {
    const store = await idbBatchState(options.db, options.runKey);
    const chat = batchApiFor(options.config, "chat");
    const embeddings = batchApiFor(options.config, "embedding");
    const out = await runByBatch({
      units: options.units,
      plan: options.plan,
      config: options.config,
      apiFor: options.apiFor ?? ((endpoint) => (endpoint === "/v1/embeddings" ? embeddings : chat)),
      store,
      sleep: options.sleep ?? abortableSleep,
      resuming: store.submitted().length > 0,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onStatus ? { onStatus: options.onStatus } : {}),
    });
    return { kind: "finished", ...out };
  };
  const name = BATCH_LOCK_PREFIX + options.runKey;
  if (options.locks) return options.locks.request(name, { ifAvailable: true }, async (lock) => (lock ? drive() : { kind: "held-elsewhere" }));
  // navigator.locks (or this tab's memory where it is missing): the same lock a deletion waits for.
  const held = await withLockIfFree(name, drive);
  return held.ran ? held.value : { kind: "held-elsewhere" };
}
