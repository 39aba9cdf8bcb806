import { z } from "zod";
import { runTargetSchema } from "./run-target";
import { customJudgeSchema } from "../../engine/metrics/custom";
import type { PromptOverrides } from "../../engine/prompts/types";
import type { Usage } from "../../engine/run/aggregate";
import type { JournalEntry, RunJournal } from "../../engine/run/journal";
import type { Sample } from "../../engine/sample";
import { promptsUsed } from "../format/report-build";
import { reportPromptSchema } from "../format/report-schema";
import type { StoreNames } from "idb";
import type { AppDb, AppDbSchema } from "./schema";
import { checkedDoc, docType, readRow, type StorageIssue } from "./doc";
import { withQuota } from "./quota";
import { storedMetricIdsSchema, storedResultsSchema } from "./stored-results";
import { deleteSnapshot, putSnapshot, type TxHolding } from "./run-inputs";
import { inTx } from "./tx";

/**
 * Dataset runs. `runs` holds one small document per run (what it runs with and its status), and
 * the run's inputs are a snapshot taken when it was created (run-inputs.ts: the samples, and here
 * the resolved prompt texts), so its report never changes when the dataset is edited;
 * `runResults` one row per finished (sample, repeat), written as it finishes: ONE IndexedDB write
 * per finished sample, nothing else per sample (progress is counted from these rows). The rows
 * are the engine's run journal, so a reloaded page resumes without redoing a finished sample.
 */

export const ZERO_USAGE: Usage = { requests: 0, chatRequests: 0, embeddingRequests: 0, cachedRequests: 0, promptTokens: 0, completionTokens: 0 };

const count = z.number().int().nonnegative();
const usageSchema = z.object({
  requests: count,
  chatRequests: count,
  embeddingRequests: count,
  cachedRequests: count,
  promptTokens: count,
  completionTokens: count,
});

const overrideSchema = z.object({
  instruction: z.string().optional(),
  inputTemplate: z.string().optional(),
  examples: z.array(z.object({ input: z.record(z.string(), z.string()), output: z.unknown() })).optional(),
  versionName: z.string().optional(),
});

const runMetaSchema = z.object({
  id: z.string().min(1),
  datasetId: z.string().min(1),
  name: z.string(),
  createdAt: z.number().finite(),
  updatedAt: z.number().finite(),
  /** "running" as stored means "was running when last seen": a page that finds it so without a live run shows it interrupted. */
  status: z.enum(["running", "paused", "cancelled", "done"]),
  metrics: storedMetricIdsSchema,
  metricOptions: z
    .record(
      z.string(),
      z
        .object({
          questions: z.number().optional(),
          perContextCalls: z.boolean().optional(),
          weights: z.tuple([z.number(), z.number()]).optional(),
          mode: z.string().optional(),
          beta: z.number().optional(),
          atomicity: z.enum(["low", "high"]).optional(),
          coverage: z.enum(["low", "high"]).optional(),
          strictness: z.number().optional(),
        })
        .optional(),
    )
    .optional(),
  customJudges: z.array(customJudgeSchema).optional(),
  repeat: z.number().int().min(1),
  /** Contract 14: per metric, the score a result must reach to pass (optional: older runs have none). */
  thresholds: z.record(z.string(), z.number().min(0).max(1)).optional(),
  concurrency: z.number().int().min(1),
  sampleCount: z.number().int().min(0),
  model: z.string(),
  embeddingModel: z.string(),
  baseURL: z.string(),
  /** The prompt versions the run scores with (the studio's active ones when it started). */
  prompts: z.record(z.string(), overrideSchema),
  /** Wall time of the run so far, over every session that worked on it. */
  activeMs: z.number().min(0),
  datasetName: z.string(),
  promptsUsed: z.array(reportPromptSchema),
  unrecorded: usageSchema,
  /**
   * Sent by the provider's batch API (or its downloaded / uploaded files): priced at batch prices.
   * Optional, so runs stored before it read as sync (a finished batch run of that time is priced
   * at list prices: its by-batch mark left the batch database when it finished).
   */
  byBatch: z.boolean().optional(),
  /** Issue 29: the answers came from "Ask your system": the target and, by sample id, each call's stamp (run-target.ts). */
  target: runTargetSchema.optional(),
});

export type RunMeta = z.infer<typeof runMetaSchema>;

const runResultSchema = z.object({
  id: z.string().min(1),
  runId: z.string().min(1),
  sampleId: z.string(),
  repeat: z.number().int().min(0),
  metrics: storedResultsSchema,
  finishedAt: z.number().finite(),
});

type RunResultRow = z.infer<typeof runResultSchema>;

/**
 * Format 2 snapshots the prompt texts and counts unrecorded requests. A format-1 run gets the
 * texts its overrides resolve to today (the best there is: format 1 kept only the overrides).
 */
function runV1toV2(doc: Record<string, unknown>): Record<string, unknown> {
  const metrics = Array.isArray(doc.metrics) ? storedMetricIdsSchema.parse(doc.metrics) : [];
  const prompts = (typeof doc.prompts === "object" && doc.prompts !== null ? doc.prompts : {}) as PromptOverrides;
  return { ...doc, datasetName: "", promptsUsed: promptsUsed(metrics, prompts), unrecorded: { ...ZERO_USAGE } };
}

export const RUN_DOC = docType("run", 2, runMetaSchema, { 1: runV1toV2 });
const RUN_RESULT_DOC = docType("run result", 1, runResultSchema);

/** Updates a run's document (status, time, unrecorded usage); its inputs never change. */
export async function saveRun(db: AppDb, meta: RunMeta): Promise<void> {
  const doc = checkedDoc(RUN_DOC, meta);
  await withQuota(() => db.put("runs", doc));
}

/** Stores a new run with the snapshot of what it scores, in one transaction: both or neither. */
export async function createRun(db: AppDb, meta: RunMeta, samples: readonly Sample[]): Promise<void> {
  if (samples.length !== meta.sampleCount) throw new Error(`run not stored: ${samples.length} samples for a run of ${meta.sampleCount}`);
  const doc = checkedDoc(RUN_DOC, meta);
  const tx = db.transaction(["runs", "runSamples", "sampleContents"], "readwrite");
  await withQuota(
    () =>
      inTx(tx, async () => {
        await Promise.all([putSnapshot(tx, meta.id, samples), tx.objectStore("runs").put(doc)]);
      }),
    `the new run with its copy of ${samples.length.toLocaleString("en")} samples`,
  );
}

/** Every readable run of every dataset, newest first (the interrupted-run announcement looks at all). */
export async function listAllRuns(db: AppDb): Promise<{ runs: RunMeta[]; issues: StorageIssue[] }> {
  const issues: StorageIssue[] = [];
  const rows = await db.getAll("runs");
  const runs = rows.flatMap((raw) => readRow(RUN_DOC, raw, "runs", String((raw as { id?: unknown }).id), issues) ?? []);
  return { runs: runs.sort((a, b) => b.createdAt - a.createdAt), issues };
}

export async function getRun(db: AppDb, id: string): Promise<RunMeta | undefined> {
  const issues: StorageIssue[] = [];
  return readRow(RUN_DOC, await db.get("runs", id), "runs", id, issues);
}

/** A dataset's runs, newest first; unreadable ones are skipped and reported. */
export async function listRuns(db: AppDb, datasetId: string): Promise<{ runs: RunMeta[]; issues: StorageIssue[] }> {
  const issues: StorageIssue[] = [];
  const rows = await db.getAllFromIndex("runs", "datasetId", datasetId);
  const runs = rows.flatMap((raw) => readRow(RUN_DOC, raw, "runs", String((raw as { id?: unknown }).id), issues) ?? []);
  return { runs: runs.sort((a, b) => b.createdAt - a.createdAt), issues };
}

function runResultId(runId: string, sampleId: string, repeat: number): string {
  return `${runId}\u0000${repeat}\u0000${sampleId}`;
}

/** Every finished (sample, repeat) of a run, as journal entries. */
export async function loadRunResults(db: AppDb, runId: string): Promise<{ entries: JournalEntry[]; issues: StorageIssue[] }> {
  const issues: StorageIssue[] = [];
  const rows = await db.getAllFromIndex("runResults", "runId", runId);
  const entries = rows.flatMap((raw) => {
    const row = readRow(RUN_RESULT_DOC, raw, "runResults", String((raw as { id?: unknown }).id), issues);
    return row ? [{ sampleId: row.sampleId, repeat: row.repeat, metrics: row.metrics }] : [];
  });
  return { entries, issues };
}

/** The engine's journal over the runResults store: one put per finished (sample, repeat). */
export function idbJournal(db: AppDb, runId: string, now: () => number = Date.now): RunJournal {
  return {
    load: async () => (await loadRunResults(db, runId)).entries,
    append: async (entry) => {
      const row: RunResultRow = { id: runResultId(runId, entry.sampleId, entry.repeat), runId, ...entry, metrics: entry.metrics, finishedAt: now() };
      const stored = checkedDoc(RUN_RESULT_DOC, row);
      await withQuota(
        () => db.put("runResults", stored),
        `the result of sample “${entry.sampleId}” (the results saved before it are kept; free space, then Resume run)`,
      );
    },
  };
}

/** The stores a run's deletion touches (a dataset's deletion adds its own two). */
export const RUN_STORES = ["runs", "runResults", "runSamples", "sampleContents"] as const;

/** Deletes runs with their results and snapshots inside the caller's transaction over RUN_STORES. */
export async function deleteRunsIn<Others extends StoreNames<AppDbSchema>, Mode extends "readwrite" | "versionchange">(
  tx: TxHolding<(typeof RUN_STORES)[number], Others, Mode>,
  runIds: readonly string[],
): Promise<void> {
  for (const runId of runIds) {
    await tx.objectStore("runs").delete(runId);
    const index = tx.objectStore("runResults").index("runId");
    for (let cursor = await index.openCursor(runId); cursor; cursor = await cursor.continue()) await cursor.delete();
    // Named: TypeScript does not infer the snapshot stores' "others" from this generic transaction.
    await deleteSnapshot<Others | "runs" | "runResults", Mode>(tx, runId);
  }
}

/** Deletes a run, its results and its snapshot (and contents no other run uses) in one transaction. */
export async function deleteRun(db: AppDb, runId: string): Promise<void> {
  const tx = db.transaction([...RUN_STORES], "readwrite");
  await inTx(tx, () => deleteRunsIn(tx, [runId]));
}
