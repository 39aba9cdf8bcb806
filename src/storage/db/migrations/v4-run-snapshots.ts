import type { IDBPDatabase, IDBPTransaction, StoreNames } from "idb";
import { DATASET_ROW_DOC } from "../datasets";
import { readDoc, writeDoc } from "../doc";
import { putSnapshot } from "../run-inputs";
import { RUN_DOC } from "../runs";
import type { AppDbSchema } from "../schema";

type UpgradeTx = IDBPTransaction<AppDbSchema, StoreNames<AppDbSchema>[], "versionchange">;

/**
 * Database step 4: runs keep a snapshot of what they scored.
 *
 * Creates runSamples (keyPath [runId, position], index hash) and sampleContents (keyPath hash),
 * then moves every existing run to the new shape inside the same versionchange transaction:
 * - a run whose dataset still exists gets that dataset's rows as its snapshot (format 1 kept no
 *   copy, so today's rows are the best record there is) and its document is rewritten at format 2
 *   (prompt texts resolved, sampleCount = the snapshot's size);
 * - a run whose dataset is gone could never show its samples again: it is deleted with its
 *   results, as are results whose run is gone (the orphans issue 17 is about).
 * A run document this build cannot read is left as it is (the repository reports it on read).
 * If anything here fails, the transaction aborts and the database stays at version 3.
 */
export function createRunSnapshotStores(db: IDBPDatabase<AppDbSchema>): void {
  const runSamples = db.createObjectStore("runSamples", { keyPath: ["runId", "position"] });
  runSamples.createIndex("hash", "hash");
  db.createObjectStore("sampleContents", { keyPath: "hash" });
}

export async function moveRunsToSnapshots(tx: UpgradeTx): Promise<void> {
  // A database that some test or old build left without these stores has no runs to move.
  const has = (name: StoreNames<AppDbSchema>) => tx.objectStoreNames.contains(name);
  if (!has("runs") || !has("runResults") || !has("datasets") || !has("datasetRows")) return;
  const runs = tx.objectStore("runs");
  const results = tx.objectStore("runResults");
  const rows = tx.objectStore("datasetRows");
  const datasets = tx.objectStore("datasets");
  const kept = new Set<string>();
  for (const raw of await runs.getAll()) {
    const id = (raw as { id?: unknown }).id;
    if (typeof id !== "string") continue;
    const read = readDoc(RUN_DOC, raw);
    if (!read.ok) {
      kept.add(id);
      continue;
    }
    const meta = read.value;
    const datasetRaw = await datasets.get(meta.datasetId);
    if (datasetRaw === undefined) {
      await runs.delete(id);
      continue;
    }
    const range = IDBKeyRange.bound([meta.datasetId, -Infinity], [meta.datasetId, Infinity]);
    const samples = (await rows.getAll(range)).flatMap((row) => {
      const r = readDoc(DATASET_ROW_DOC, row);
      return r.ok ? [r.value.sample] : [];
    });
    const name = (datasetRaw as { name?: unknown }).name;
    await putSnapshot(tx, id, samples);
    await runs.put(writeDoc(RUN_DOC, { ...meta, datasetName: typeof name === "string" ? name : "", sampleCount: samples.length }));
    kept.add(id);
  }
  for (let cursor = await results.openCursor(); cursor; cursor = await cursor.continue()) {
    const runId = (cursor.value as { runId?: unknown }).runId;
    if (typeof runId !== "string" || !kept.has(runId)) await cursor.delete();
  }
}
