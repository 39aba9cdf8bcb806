import type { BatchEndpoint, BatchOutputLine } from "./lines";

/** One batch this run submitted: enough to poll it again after the process or the tab is gone. */
export interface SubmittedBatch {
  /** Hash of the input file's text: the same round's same file is the same batch. */
  key: string;
  round: number;
  batchId: string;
  inputFileId: string;
  endpoint: BatchEndpoint;
  model: string;
  requests: number;
}

/**
 * Where a batch run keeps what it must not lose: the batches it submitted and the result lines
 * that came back. The CLI writes it append-only beside the report, the browser into IndexedDB;
 * the round plan itself is recomputed from the results (custom_ids are deterministic).
 */
export interface BatchStateStore {
  submitted(): readonly SubmittedBatch[];
  lines(): ReadonlyMap<string, BatchOutputLine>;
  /** Durable before it resolves. */
  recordSubmitted(batch: SubmittedBatch): Promise<void>;
  /** Durable before it resolves; also marks the batch as read (never downloaded twice). */
  recordLines(batchId: string, lines: readonly BatchOutputLine[]): Promise<void>;
  /** Batches whose results are already recorded. */
  finished(): ReadonlySet<string>;
  /**
   * A batch the provider no longer knows (404): taken off the record, durable before it resolves,
   * so the next run submits its requests again instead of polling it forever.
   */
  forget(batchId: string): Promise<void>;
}

export function memoryBatchState(): BatchStateStore {
  let submitted: SubmittedBatch[] = [];
  const lines = new Map<string, BatchOutputLine>();
  const finished = new Set<string>();
  return {
    submitted: () => submitted,
    forget: async (batchId) => {
      submitted = submitted.filter((b) => b.batchId !== batchId);
    },
    lines: () => lines,
    finished: () => finished,
    recordSubmitted: async (batch) => {
      submitted.push(batch);
    },
    recordLines: async (batchId, more) => {
      for (const line of more) lines.set(line.custom_id, line);
      finished.add(batchId);
    },
  };
}
