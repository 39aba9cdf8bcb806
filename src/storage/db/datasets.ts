import { unwrap } from "idb";
import { z } from "zod";
import { sampleSchema, type Sample } from "../../engine/sample";
import { type TestsetExtra, testsetExtraSchema } from "../../engine/testset/types";
import { type SamplesFile, SamplesFileError } from "../format/samples-types";
import type { AppDb } from "./schema";
import { checkedDoc, docType, readRow, type StorageIssue } from "./doc";
import { newId } from "./ids";
import { withQuota } from "./quota";
import { deleteRunsIn, RUN_STORES } from "./runs";
import { inTx } from "./tx";

/**
 * Imported datasets. The `datasets` store holds one small document per dataset (name, row count,
 * where it came from); its samples are rows of `datasetRows` keyed [datasetId, position], so a
 * dataset reads back in order with one key range and one edited row rewrites one record.
 * A dataset and all its rows are written in ONE transaction: a failed import leaves nothing.
 */

export interface NewDataset {
  name: string;
  source: { file: string; kind: string };
  samples: readonly Sample[];
  /** A generated test set's extra columns, one per sample, in order. */
  testset?: readonly TestsetExtra[];
  createdAt?: number;
}

const nameSchema = z.string().trim().min(1, "a dataset needs a name").max(200, "a dataset name is at most 200 characters");

const metaSchema = z.object({
  id: z.string().min(1),
  name: nameSchema,
  /** Epoch milliseconds; the list is newest first. */
  createdAt: z.number().finite(),
  updatedAt: z.number().finite(),
  rowCount: z.number().int().nonnegative(),
  /** Position the next added row gets (positions are never reused, so keys stay stable). */
  nextPosition: z.number().int().nonnegative(),
  source: z.object({ file: z.string(), kind: z.string() }),
});

/** A stored sample: the engine's strict shape, with an id (the run journal keys results by it). */
const storedSampleSchema = sampleSchema.extend({ id: z.string().trim().min(1, "a sample needs an id") });

/**
 * Where a row's answer came from when "Ask your system" filled it (issue 29): which ask job, when,
 * the HTTP status and latency, or why the call failed. Optional: imported and edited rows have none.
 */
const askedSchema = z.object({
  job: z.string().min(1),
  at: z.number().finite(),
  ms: z.number().nonnegative().finite(),
  status: z.number().int().optional(),
  error: z.string().optional(),
  /** The target asked (URL without credentials), its method and how many attempts the call took. */
  url: z.string().optional(),
  method: z.string().optional(),
  attempts: z.number().int().min(0).optional(),
  /**
   * A conversation asked turn by turn: how many of its user turns this job has answered. Fewer
   * than it has means the row is not done yet (a reload or Pause came between turns, or a turn
   * failed): resuming the job asks from the next turn on. Absent for a one-question row.
   */
  turns: z.number().int().min(0).optional(),
});

/** `testset`: a generated row's extra columns (format 2; format 1 rows had none, so they read as they are). */
const rowSchema = z.object({
  datasetId: z.string().min(1),
  position: z.number().int().nonnegative(),
  sample: storedSampleSchema,
  asked: askedSchema.optional(),
  testset: testsetExtraSchema.optional(),
});

export type RowAsked = z.infer<typeof askedSchema>;

export const DATASET_DOC = docType("dataset", 1, metaSchema);
export const DATASET_ROW_DOC = docType("dataset row", 2, rowSchema, { 1: (doc) => doc });

/** A dataset's own document; its samples are DatasetRows. */
export type DatasetMeta = z.infer<typeof metaSchema>;
/** One sample of a dataset at its position (positions are never reused, so keys stay stable). */
export type DatasetRow = z.infer<typeof rowSchema>;

/** The key range of one dataset's rows. */
function rowsOf(datasetId: string): IDBKeyRange {
  return IDBKeyRange.bound([datasetId, -Infinity], [datasetId, Infinity]);
}

/**
 * Stores a dataset and all its samples in one transaction. Every sample is validated first and
 * duplicate ids are refused (the unique index would abort the transaction anyway), so either the
 * whole dataset is stored or nothing is.
 */
export async function createDataset(db: AppDb, input: NewDataset): Promise<DatasetMeta> {
  const now = input.createdAt ?? Date.now();
  const meta: DatasetMeta = {
    id: newId(),
    name: input.name.trim(),
    createdAt: now,
    updatedAt: now,
    rowCount: input.samples.length,
    nextPosition: input.samples.length,
    source: input.source,
  };
  const metaDoc = checkedDoc(DATASET_DOC, meta);
  const seen = new Set<string>();
  const rows = input.samples.map((sample, position) => {
    if (seen.has(sample.id)) throw new Error(`not stored: sample id "${sample.id}" appears twice (row ${position + 1})`);
    seen.add(sample.id);
    const testset = input.testset?.[position];
    return checkedDoc(DATASET_ROW_DOC, { datasetId: meta.id, position, sample, ...(testset ? { testset } : {}) });
  });
  const tx = db.transaction(["datasets", "datasetRows"], "readwrite");
  await withQuota(
    () =>
      inTx(tx, async () => {
        // Raw requests, queued without a promise each (idb wraps every request in one, which costs
        // more than the write for 10,000 rows). IndexedDB runs them in order; one failing request
        // aborts the transaction, and inTx then rejects with it, so nothing is half written.
        const rowStore = unwrap(tx.objectStore("datasetRows"));
        for (const row of rows) rowStore.put(row);
        await tx.objectStore("datasets").put(metaDoc);
      }),
    `the dataset “${meta.name}” (${rows.length.toLocaleString("en")} rows)`,
  );
  return meta;
}

/**
 * Stores what an import read (tableToSamples' result): all of it when it has no error; with
 * `validOnly`, only the rows without problems. A result with errors is refused otherwise, so a
 * broken file can never reach the database. Returns the dataset and how many rows were left out.
 */
export async function storeImportResult(
  db: AppDb,
  input: { name: string; source: NewDataset["source"]; result: SamplesFile; validOnly?: boolean; testset?: readonly TestsetExtra[] },
): Promise<{ dataset: DatasetMeta; leftOut: number }> {
  const { result } = input;
  if (result.errors.length > 0 && !input.validOnly) throw new SamplesFileError(result.errors);
  const samples = result.errors.length > 0 ? result.valid.samples : result.samples;
  if (samples.length === 0) throw new Error("there are no valid rows to store");
  // Extra columns only travel with a whole set: after leaving rows out, positions no longer match.
  const testset = samples === result.samples ? input.testset : undefined;
  const dataset = await createDataset(db, { name: input.name, source: input.source, samples, ...(testset ? { testset } : {}) });
  return { dataset, leftOut: result.errors.length > 0 ? result.valid.leftOut : 0 };
}

/** Readable datasets, newest first; unreadable documents are reported and skipped. */
export async function listDatasets(db: AppDb): Promise<{ datasets: DatasetMeta[]; issues: StorageIssue[] }> {
  const issues: StorageIssue[] = [];
  const datasets: DatasetMeta[] = [];
  const tx = db.transaction("datasets", "readonly");
  await inTx(tx, async () => {
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      const meta = readRow(DATASET_DOC, cursor.value, "datasets", String(cursor.primaryKey), issues);
      if (meta) datasets.push(meta);
    }
  });
  datasets.sort((a, b) => b.createdAt - a.createdAt || a.name.localeCompare(b.name));
  return { datasets, issues };
}

export async function getDataset(db: AppDb, id: string): Promise<{ dataset: DatasetMeta | undefined; issues: StorageIssue[] }> {
  const issues: StorageIssue[] = [];
  const raw = await db.get("datasets", id);
  return { dataset: raw === undefined ? undefined : readRow(DATASET_DOC, raw, "datasets", id, issues), issues };
}

/** A dataset's readable rows in order; an unreadable row is reported and skipped. */
export async function loadDatasetRows(db: AppDb, datasetId: string): Promise<{ rows: DatasetRow[]; issues: StorageIssue[] }> {
  const issues: StorageIssue[] = [];
  const tx = db.transaction("datasetRows", "readonly");
  const [keys, values] = await inTx(tx, () => Promise.all([tx.store.getAllKeys(rowsOf(datasetId)), tx.store.getAll(rowsOf(datasetId))]));
  const rows = values.flatMap((raw, i) => readRow(DATASET_ROW_DOC, raw, "datasetRows", JSON.stringify(keys[i]), issues) ?? []);
  return { rows, issues };
}

/** The samples of a dataset in order (what a run scores). */
export async function loadDatasetSamples(db: AppDb, datasetId: string): Promise<{ samples: Sample[]; issues: StorageIssue[] }> {
  const { rows, issues } = await loadDatasetRows(db, datasetId);
  return { samples: rows.map((row) => row.sample), issues };
}

/** How many runs were made over a dataset (what its deletion asks about). */
export function countDatasetRuns(db: AppDb, id: string): Promise<number> {
  return db.countFromIndex("runs", "datasetId", id);
}

/**
 * Deletes a dataset and all its rows in one transaction; with `withRuns`, its runs too (results,
 * snapshots and contents no other run uses), whose ids it returns. Without, the runs stay whole:
 * each holds its own snapshot, so nothing is left pointing at rows that are gone.
 */
export async function deleteDataset(db: AppDb, id: string, options: { withRuns?: boolean } = {}): Promise<{ runsDeleted: number; runIds: string[] }> {
  const tx = db.transaction(["datasets", "datasetRows", ...RUN_STORES], "readwrite");
  return inTx(tx, async () => {
    let runIds: string[] = [];
    if (options.withRuns) {
      runIds = (await tx.objectStore("runs").index("datasetId").getAllKeys(id)).map(String);
      await deleteRunsIn(tx, runIds);
    }
    await tx.objectStore("datasetRows").delete(rowsOf(id));
    await tx.objectStore("datasets").delete(id);
    return { runsDeleted: runIds.length, runIds };
  });
}
