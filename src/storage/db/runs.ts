import { z } from "zod";
import { customJudgeSchema, type CustomJudge } from "../../engine/metrics/custom";
import type { AnyMetricId, MetricOptions } from "../../engine/metrics/types";
import type { PromptOverrides } from "../../engine/prompts/types";
import type { JournalEntry, RunJournal } from "../../engine/run/journal";
import type { AppDb } from "./db";
import { readDoc, readRow, type DocType, type StorageIssue, writeDoc } from "./doc";
import { withQuota } from "./quota";
import { storedMetricIdsSchema, storedResultsSchema, type StoredResults } from "./stored-results";
import { inTx } from "./tx";

/**
 * Dataset runs. `runs` holds one small document per run (what it runs with and its status);
 * `runResults` one row per finished (sample, repeat), written as it finishes: ONE IndexedDB write
 * per finished sample, nothing else per sample (progress is counted from these rows). The rows
 * are the engine's run journal, so a reloaded page resumes without redoing a finished sample.
 */

/** "running" as stored means "was running when last seen": a page that finds it so without a live run shows it interrupted. */
type RunStatus = "running" | "paused" | "cancelled" | "done";

export interface RunMeta {
  id: string;
  datasetId: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  status: RunStatus;
  metrics: AnyMetricId[];
  /** Options per metric (issue 16), as parseMetricOptions returned them; absent: every default. */
  metricOptions?: Partial<Record<string, MetricOptions>>;
  /** The definitions of the custom judges among `metrics`, as they were when the run started. */
  customJudges?: CustomJudge[];
  repeat: number;
  concurrency: number;
  sampleCount: number;
  model: string;
  embeddingModel: string;
  baseURL: string;
  /** The prompt versions the run scores with (the studio's active ones when it started). */
  prompts: PromptOverrides;
  /** Wall time of the run so far, over every session that worked on it. */
  activeMs: number;
}

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
  status: z.enum(["running", "paused", "cancelled", "done"]),
  metrics: storedMetricIdsSchema,
  metricOptions: z
    .record(
      z.string(),
      z.object({
        questions: z.number().optional(),
        perContextCalls: z.boolean().optional(),
        weights: z.tuple([z.number(), z.number()]).optional(),
        mode: z.string().optional(),
        beta: z.number().optional(),
        atomicity: z.enum(["low", "high"]).optional(),
        coverage: z.enum(["low", "high"]).optional(),
        strictness: z.number().optional(),
      }),
    )
    .optional(),
  customJudges: z.array(customJudgeSchema).optional(),
  repeat: z.number().int().min(1),
  concurrency: z.number().int().min(1),
  sampleCount: z.number().int().min(0),
  model: z.string(),
  embeddingModel: z.string(),
  baseURL: z.string(),
  prompts: z.record(z.string(), overrideSchema),
  activeMs: z.number().min(0),
});

const runResultSchema = z.object({
  id: z.string().min(1),
  runId: z.string().min(1),
  sampleId: z.string(),
  repeat: z.number().int().min(0),
  metrics: storedResultsSchema,
  finishedAt: z.number().finite(),
});

interface RunResultRow {
  id: string;
  runId: string;
  sampleId: string;
  repeat: number;
  metrics: StoredResults;
  finishedAt: number;
}

const RUN_DOC: DocType<RunMeta> = { what: "run", version: 1, schema: runMetaSchema as z.ZodType<RunMeta> };
const RUN_RESULT_DOC: DocType<RunResultRow> = { what: "run result", version: 1, schema: runResultSchema as z.ZodType<RunResultRow> };

export async function saveRun(db: AppDb, meta: RunMeta): Promise<void> {
  const read = readDoc(RUN_DOC, writeDoc(RUN_DOC, meta));
  if (!read.ok) throw new Error(`run not stored: ${read.message}`);
  await withQuota(() => db.put("runs", writeDoc(RUN_DOC, read.value)));
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
      const checked = readDoc(RUN_RESULT_DOC, writeDoc(RUN_RESULT_DOC, row));
      if (!checked.ok) throw new Error(`result not stored: ${checked.message}`);
      await withQuota(() => db.put("runResults", writeDoc(RUN_RESULT_DOC, checked.value)));
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
