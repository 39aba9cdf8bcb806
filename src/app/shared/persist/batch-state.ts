import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { z } from "zod";
import type { BatchStateStore, SubmittedBatch } from "../../../llm/batch/batch-state";
import { type BatchOutputLine, outputLineSchema } from "../../../llm/batch/lines";
import { DEFAULT_DB_NAME } from "../../../storage/db/schema";

/**
 * A browser batch run's state: the batches it submitted and the lines they brought back, per run,
 * so closing the tab loses nothing and reopening polls on. Its own small database (not a store of
 * the app's), so its versions never collide with the app database's upgrades. Every read passes
 * a schema, as everything out of IndexedDB does.
 */

interface BatchDbSchema extends DBSchema {
  /** keyPath [runKey, batchId]. */
  submitted: { key: [string, string]; value: unknown; indexes: { runKey: string } };
  /** keyPath [runKey, batchId]: one row per finished batch, its output and error lines. */
  results: { key: [string, string]; value: unknown; indexes: { runKey: string } };
  /** keyPath runKey: the runs that go by batch (a reload drives them again, never by sync). */
  runs: { key: string; value: unknown };
  /** keyPath [runKey, name]: the files flow's downloaded batch files, each with its round and lines. */
  files: { key: [string, string]; value: unknown; indexes: { runKey: string } };
}

const BATCH_DB_VERSION = 3;

export function openBatchDb(name = `${DEFAULT_DB_NAME}-batches`): Promise<IDBPDatabase<BatchDbSchema>> {
  return openDB<BatchDbSchema>(name, BATCH_DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore("submitted", { keyPath: ["runKey", "batchId"] }).createIndex("runKey", "runKey");
        db.createObjectStore("results", { keyPath: ["runKey", "batchId"] }).createIndex("runKey", "runKey");
      }
      if (oldVersion < 2) db.createObjectStore("runs", { keyPath: "runKey" });
      if (oldVersion < 3) db.createObjectStore("files", { keyPath: ["runKey", "name"] }).createIndex("runKey", "runKey");
    },
  });
}

const submittedRow = z.object({
  runKey: z.string(),
  key: z.string(),
  round: z.number().int().min(1),
  batchId: z.string(),
  inputFileId: z.string(),
  endpoint: z.enum(["/v1/chat/completions", "/v1/embeddings"]),
  model: z.string(),
  requests: z.number().int().min(0),
});
const resultsRow = z.object({ runKey: z.string(), batchId: z.string(), lines: z.array(outputLineSchema) });

/** Loads a run's state (rows that no longer parse are skipped: their batch is polled again). */
export async function idbBatchState(db: IDBPDatabase<BatchDbSchema>, runKey: string): Promise<BatchStateStore & { clear(): Promise<void> }> {
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
      await db.put("submitted", { runKey, ...batch });
      submitted.push(batch);
    },
    forget: async (batchId) => {
      await db.delete("submitted", [runKey, batchId]);
      submitted = submitted.filter((b) => b.batchId !== batchId);
    },
    recordLines: async (batchId, more) => {
      await db.put("results", { runKey, batchId, lines: [...more] });
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
export async function markBatchRun(db: IDBPDatabase<BatchDbSchema>, runKey: string, createdAt: number, mode: BatchRunMode = "api"): Promise<void> {
  await db.put("runs", { runKey, createdAt, mode });
}

/** The runs marked as going by batch, with their mode (rows that no longer parse are skipped). */
export async function batchRunKeys(db: IDBPDatabase<BatchDbSchema>): Promise<Map<string, BatchRunMode>> {
  const keys = new Map<string, BatchRunMode>();
  for (const raw of await db.getAll("runs")) {
    const row = batchRunRow.safeParse(raw);
    if (row.success) keys.set(row.data.runKey, row.data.mode);
  }
  return keys;
}

/** A finished (or removed) run: its mark and its batches' state go. */
export async function forgetBatchRun(db: IDBPDatabase<BatchDbSchema>, runKey: string): Promise<void> {
  await (await idbBatchState(db, runKey)).clear();
  await db.delete("runs", runKey);
}

const batchFileRow = z.object({
  runKey: z.string(),
  name: z.string(),
  round: z.number().int().min(1),
  kind: z.enum(["chat", "embeddings"]),
  /** 1-based place among the round's files, and how many the round has. */
  index: z.number().int().min(1),
  of: z.number().int().min(1),
  /** The custom_ids of its lines: the file is answered once every one has a result. */
  lineIds: z.array(z.string()),
  /** The JSONL as downloaded, so a second download of the same round is the same file. */
  text: z.string(),
});

/** One batch file the download / upload flow handed out. */
export type DownloadedBatchFile = Omit<z.infer<typeof batchFileRow>, "runKey">;

/** Keeps a round's files (before they are saved: a reload in between downloads the same ones). */
export async function recordBatchFiles(db: IDBPDatabase<BatchDbSchema>, runKey: string, files: readonly DownloadedBatchFile[]): Promise<void> {
  const tx = db.transaction("files", "readwrite");
  for (const file of files) await tx.store.put({ runKey, ...file });
  await tx.done;
}

/** The files handed out for a run, in round and file order (rows that no longer parse are skipped). */
export async function downloadedBatchFiles(db: IDBPDatabase<BatchDbSchema>, runKey: string): Promise<DownloadedBatchFile[]> {
  const files: DownloadedBatchFile[] = [];
  for (const raw of await db.getAllFromIndex("files", "runKey", runKey)) {
    const row = batchFileRow.safeParse(raw);
    if (!row.success) continue;
    const { runKey: _, ...file } = row.data;
    files.push(file);
  }
  return files.sort((a, b) => a.round - b.round || a.index - b.index);
}
