import { z } from "zod";
import { type BatchOutputLine, type BatchStateStore, outputLineSchema, type SubmittedBatch, submittedBatchSchema } from "../../engine/run/batch-records";
import type { BatchDb } from "./batch-db";
import { withQuota } from "./quota";

/**
 * A browser batch run's state in the batch database (batch-db.ts): the engine's BatchStateStore
 * port over its submitted and results stores, and the marks of the runs that go by batch. Rows
 * parse with the same schemas the CLI's state file parses with (engine/run/batch-records.ts).
 */

const submittedRow = submittedBatchSchema.extend({ runKey: z.string() });
const resultsRow = z.object({ runKey: z.string(), batchId: z.string(), lines: z.array(outputLineSchema) });

/** Loads a run's state (rows that no longer parse are skipped: their batch is polled again). */
export async function idbBatchState(db: BatchDb, runKey: string): Promise<BatchStateStore & { clear(): Promise<void> }> {
  let submitted: SubmittedBatch[] = [];
  const lines = new Map<string, BatchOutputLine>();
  const finished = new Set<string>();
  for (const raw of await db.getAllFromIndex("submitted", "runKey", runKey)) {
    const row = submittedRow.safeParse(raw);
    if (!row.success) continue;
    const { runKey: _, ...batch } = row.data;
    submitted.push(batch);
  }
  for (const raw of await db.getAllFromIndex("results", "runKey", runKey)) {
    const row = resultsRow.safeParse(raw);
    if (!row.success) continue;
    for (const line of row.data.lines) lines.set(line.custom_id, line);
    finished.add(row.data.batchId);
  }
  return {
    submitted: () => submitted,
    lines: () => lines,
    finished: () => finished,
    recordSubmitted: async (batch) => {
      await withQuota(() => db.put("submitted", { runKey, ...batch }), `batch ${batch.batchId}`);
      submitted.push(batch);
    },
    forget: async (batchId) => {
      await db.delete("submitted", [runKey, batchId]);
      submitted = submitted.filter((b) => b.batchId !== batchId);
    },
    recordLines: async (batchId, more) => {
      await withQuota(() => db.put("results", { runKey, batchId, lines: [...more] }), `the results of batch ${batchId}`);
      for (const line of more) lines.set(line.custom_id, line);
      finished.add(batchId);
    },
    clear: async () => {
      const tx = db.transaction(["submitted", "results", "files"], "readwrite");
      for (const store of ["submitted", "results", "files"] as const) {
        for (const key of await tx.objectStore(store).index("runKey").getAllKeys(runKey)) await tx.objectStore(store).delete(key);
      }
      await tx.done;
    },
  };
}

const batchRunRow = z.object({ runKey: z.string(), createdAt: z.number(), mode: z.enum(["api", "files"]).default("api") });

/** How a batch run goes: by the provider's batch API, or by downloaded / uploaded files. */
export type BatchRunMode = z.infer<typeof batchRunRow>["mode"];

/** Marks a run as going by batch, before its first batch is submitted. */
export async function markBatchRun(db: BatchDb, runKey: string, createdAt: number, mode: BatchRunMode = "api"): Promise<void> {
  await withQuota(() => db.put("runs", { runKey, createdAt, mode }), "the batch run's mark");
}

/** The runs marked as going by batch, with their mode (rows that no longer parse are skipped). */
export async function batchRunKeys(db: BatchDb): Promise<Map<string, BatchRunMode>> {
  const keys = new Map<string, BatchRunMode>();
  for (const raw of await db.getAll("runs")) {
    const row = batchRunRow.safeParse(raw);
    if (row.success) keys.set(row.data.runKey, row.data.mode);
  }
  return keys;
}

/** A finished (or removed) run: its mark and its batches' state go. */
export async function forgetBatchRun(db: BatchDb, runKey: string): Promise<void> {
  await (await idbBatchState(db, runKey)).clear();
  await db.delete("runs", runKey);
}
