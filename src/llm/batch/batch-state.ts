import type { BatchOutputLine, BatchStateStore, SubmittedBatch } from "../../engine/run/batch-records";

/** A batch run's state in memory: a run without --out, and the tests. */
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
