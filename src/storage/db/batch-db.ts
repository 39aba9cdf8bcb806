import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { DEFAULT_DB_NAME } from "./schema";

/**
 * The browser's batch runs: the batches each run submitted and the lines they brought back, so
 * closing the tab loses nothing and reopening polls on. Its own small database (not a store of
 * the app's), so its versions never collide with the app database's upgrades. Users' browsers
 * hold data in it: the name, the version and the stores below change only with a version step.
 * Rows are `unknown` here; the repositories (batch-state.ts, batch-files.ts) parse every read.
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

export type BatchDb = IDBPDatabase<BatchDbSchema>;

export const BATCH_DB_NAME = `${DEFAULT_DB_NAME}-batches`;
export const BATCH_DB_VERSION = 3;

export function openBatchDb(name = BATCH_DB_NAME): Promise<BatchDb> {
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
