import type { IDBPTransaction } from "idb";
import type { Sample } from "../../engine/sample";
import { DATASET_DOC, DATASET_ROW_DOC, type DatasetMeta, type DatasetRow } from "./datasets";
import type { AppDb } from "./db";
import { checkedDoc, readDoc } from "./doc";
import { withQuota } from "./quota";
import type { AppDbSchema } from "./schema";
import { inTx } from "./tx";

/**
 * Changes to a stored dataset: rename, and editing, adding or deleting one row. Each is one
 * transaction that also keeps the dataset's row count and updatedAt right. A sample id already
 * used by another row of the dataset is refused with a message naming it.
 */

type DatasetTx = IDBPTransaction<AppDbSchema, ("datasets" | "datasetRows")[], "readwrite">;

export class DuplicateSampleIdError extends Error {
  constructor(readonly sampleId: string) {
    super(`another row of this dataset already has the id "${sampleId}"`);
    this.name = "DuplicateSampleIdError";
  }
}

async function readMeta(tx: DatasetTx, id: string): Promise<DatasetMeta> {
  const read = readDoc(DATASET_DOC, await tx.objectStore("datasets").get(id));
  if (!read.ok) throw new Error(`there is no readable dataset ${id}`);
  return read.value;
}

async function writeMeta(tx: DatasetTx, meta: DatasetMeta): Promise<DatasetMeta> {
  const next = { ...meta, updatedAt: Math.max(Date.now(), meta.updatedAt) };
  await tx.objectStore("datasets").put(checkedDoc(DATASET_DOC, next));
  return next;
}

/** Refuses an id that another position of the dataset already uses (the unique index would abort with a bare ConstraintError). */
async function assertFreeId(tx: DatasetTx, datasetId: string, sampleId: string, position?: number): Promise<void> {
  const key = await tx.objectStore("datasetRows").index("sampleId").getKey([datasetId, sampleId]);
  if (key !== undefined && key[1] !== position) throw new DuplicateSampleIdError(sampleId);
}

function change<T>(db: AppDb, steps: (tx: DatasetTx) => Promise<T>): Promise<T> {
  const tx = db.transaction(["datasets", "datasetRows"], "readwrite");
  return withQuota(() => inTx(tx, () => steps(tx)));
}

export function renameDataset(db: AppDb, id: string, name: string): Promise<DatasetMeta> {
  return change(db, async (tx) => writeMeta(tx, { ...(await readMeta(tx, id)), name: name.trim() }));
}

/** Replaces the sample at an existing position. */
export function updateDatasetRow(db: AppDb, datasetId: string, position: number, sample: Sample): Promise<DatasetRow> {
  return change(db, async (tx) => {
    const meta = await readMeta(tx, datasetId);
    const rows = tx.objectStore("datasetRows");
    const before = await rows.get([datasetId, position]);
    if (before === undefined) throw new Error(`row ${position + 1} of this dataset is gone`);
    // An edited generated row keeps its extra columns (persona, sources, checks) for export.
    const kept = readDoc(DATASET_ROW_DOC, before);
    const testset = kept.ok ? kept.value.testset : undefined;
    const row: DatasetRow = { datasetId, position, sample, ...(testset ? { testset } : {}) };
    const doc = checkedDoc(DATASET_ROW_DOC, row);
    await assertFreeId(tx, datasetId, sample.id, position);
    await rows.put(doc);
    await writeMeta(tx, meta);
    return row;
  });
}

/** Appends a sample at the end of the dataset. */
export function addDatasetRow(db: AppDb, datasetId: string, sample: Sample): Promise<DatasetRow> {
  return change(db, async (tx) => {
    const meta = await readMeta(tx, datasetId);
    const row: DatasetRow = { datasetId, position: meta.nextPosition, sample };
    const doc = checkedDoc(DATASET_ROW_DOC, row);
    await assertFreeId(tx, datasetId, sample.id);
    await tx.objectStore("datasetRows").add(doc);
    await writeMeta(tx, { ...meta, rowCount: meta.rowCount + 1, nextPosition: meta.nextPosition + 1 });
    return row;
  });
}

/** Deletes the row at a position; false when it was already gone. */
export function deleteDatasetRow(db: AppDb, datasetId: string, position: number): Promise<boolean> {
  return change(db, async (tx) => {
    const meta = await readMeta(tx, datasetId);
    const rows = tx.objectStore("datasetRows");
    if ((await rows.getKey([datasetId, position])) === undefined) return false;
    await rows.delete([datasetId, position]);
    await writeMeta(tx, { ...meta, rowCount: Math.max(0, meta.rowCount - 1) });
    return true;
  });
}
