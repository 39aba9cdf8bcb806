import { z } from "zod";
import type { JournalEntry, RunJournal } from "../../engine/run/journal";
import type { AppDb } from "./db";
import { checkedDoc, docType, readRow, type StorageIssue } from "./doc";
import { withQuota } from "./quota";
import { storedMetricIdsSchema, storedResultsSchema } from "./stored-results";
import { inTx } from "./tx";

/**
 * Dataset runs. `runs` holds one small document per run (what it runs with and its status);
 * `runResults` one row per finished (sample, repeat), written as it finishes: ONE IndexedDB write
 * per finished sample, nothing else per sample (progress is counted from these rows). The rows
 * are the engine's run journal, so a reloaded page resumes without redoing a finished sample.
 */

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
  repeat: z.number().int().min(1),
  concurrency: z.number().int().min(1),
  sampleCount: z.number().int().min(0),
  model: z.string(),
  embeddingModel: z.string(),
  baseURL: z.string(),
  /** The prompt versions the run scores with (the studio's active ones when it started). */
  prompts: z.record(z.string(), overrideSchema),
  /** Wall time of the run so far, over every session that worked on it. */
  activeMs: z.number().min(0),
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

const RUN_DOC = docType("run", 1, runMetaSchema);
const RUN_RESULT_DOC = docType("run result", 1, runResultSchema);

export async function saveRun(db: AppDb, meta: RunMeta): Promise<void> {
  const stored = checkedDoc(RUN_DOC, meta);
  await withQuota(() => db.put("runs", stored));
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
      await withQuota(() => db.put("runResults", stored));
    },
  };
}

/** Deletes a run and its results in one transaction. */
export async function deleteRun(db: AppDb, runId: string): Promise<void> {
  const tx = db.transaction(["runs", "runResults"], "readwrite");
  await inTx(tx, async () => {
    await tx.objectStore("runs").delete(runId);
    const index = tx.objectStore("runResults").index("runId");
    for (let cursor = await index.openCursor(runId); cursor; cursor = await cursor.continue()) await cursor.delete();
  });
}
