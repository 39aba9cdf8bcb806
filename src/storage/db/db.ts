import { openDB, type IDBPDatabase, type IDBPTransaction, type StoreNames } from "idb";
import { createRunSnapshotStores, moveRunsToSnapshots } from "./migrations/v4-run-snapshots";
import { type AppDb, type AppDbSchema, DEFAULT_DB_NAME } from "./schema";

export type { AppDb };

/*
 * ==========================================================================================
 *  DATABASE VERSION. READ THIS BEFORE TOUCHING ANY STORE OR INDEX.
 *
 *  IndexedDB only lets you create or delete stores and indexes inside an upgrade, and an
 *  upgrade only runs when the version number goes UP. So every change to stores or indexes:
 *    1. bumps DB_VERSION by one,
 *    2. adds a new `if (oldVersion < N && newVersion >= N)` step at the END of upgradeAppDb (never edit an old
 *       step: users' browsers already ran it),
 *    3. updates AppDbSchema in schema.ts,
 *    4. adds a test in test/storage/db/db.test.ts that upgrades from the previous version.
 *  Changing the shape of a stored *document* is a different axis: bump that document's format
 *  version (`v`) and add a migration in its DocType (doc.ts); no database bump needed.
 * ==========================================================================================
 */
export const DB_VERSION = 4;

/**
 * Brings a database at `oldVersion` (0 = just created) up to `newVersion` (DB_VERSION unless a
 * test builds an older layout), one step at a time.
 */
export function upgradeAppDb(
  db: IDBPDatabase<AppDbSchema>,
  oldVersion: number,
  tx?: IDBPTransaction<AppDbSchema, StoreNames<AppDbSchema>[], "versionchange">,
  newVersion: number = DB_VERSION,
): void {
  if (oldVersion < 1) {
    // Singleton documents use out-of-line keys (DOC_KEYS); collections carry their own id.
    db.createObjectStore("settings");
    db.createObjectStore("secrets");
    const history = db.createObjectStore("history", { keyPath: "id" });
    history.createIndex("createdAt", "createdAt");
    const cache = db.createObjectStore("responseCache", { keyPath: "key" });
    cache.createIndex("lastUsed", "lastUsed");
    const promptVersions = db.createObjectStore("promptVersions", { keyPath: "id" });
    promptVersions.createIndex("promptId", "promptId");
    promptVersions.createIndex("createdAt", "createdAt");
    const datasets = db.createObjectStore("datasets", { keyPath: "id" });
    datasets.createIndex("createdAt", "createdAt");
    const runs = db.createObjectStore("runs", { keyPath: "id" });
    runs.createIndex("datasetId", "datasetId");
    runs.createIndex("createdAt", "createdAt");
    const runResults = db.createObjectStore("runResults", { keyPath: "id" });
    runResults.createIndex("runId", "runId");
  }
  if (oldVersion < 2 && newVersion >= 2) {
    // One row per dataset sample, keyed [datasetId, position] so a dataset's rows read back in
    // order with one key range, and one row can be edited without rewriting 10,000. The unique
    // index makes IndexedDB itself refuse two rows with the same sample id in one dataset.
    const rows = db.createObjectStore("datasetRows", { keyPath: ["datasetId", "position"] });
    rows.createIndex("sampleId", ["datasetId", "sample.id"], { unique: true });
    // Reports the user chose to keep (Reports view, "Keep report"); nothing else writes here.
    const reports = db.createObjectStore("reports", { keyPath: "id" });
    reports.createIndex("keptAt", "keptAt");
  }
  if (oldVersion < 3 && newVersion >= 3) {
    // Agreement runs (contract-10 files the view stored), newest first by createdAt.
    const agreementRuns = db.createObjectStore("agreementRuns", { keyPath: "id" });
    agreementRuns.createIndex("createdAt", "createdAt");
  }
  if (oldVersion < 4 && newVersion >= 4) {
    // Runs snapshot what they score (run-inputs.ts); existing runs are moved in the same
    // transaction. A failure aborts the upgrade: the database stays at 3 and the open fails.
    createRunSnapshotStores(db);
    if (tx && oldVersion > 0) {
      moveRunsToSnapshots(tx).catch((error: unknown) => {
        console.error("database upgrade to version 4 failed", error);
        try {
          tx.abort();
        } catch {
          // already finished
        }
      });
    }
  }
  // Next step goes here: if (oldVersion < 5 && newVersion >= 5) { ... }  (and DB_VERSION = 5)
}

export interface OpenAppDbOptions {
  /** Another tab holds an older version open and has not closed it yet: tell the user to close it. */
  onBlocked?: () => void;
  /** A newer build in another tab upgraded the database; this connection is closed: ask to reload. */
  onVersionChange?: () => void;
  /** The browser closed the connection abnormally (e.g. storage cleared): reopen to continue. */
  onTerminated?: () => void;
}

/** Opens (creating or upgrading) the app's database. */
export function openAppDb(name: string = DEFAULT_DB_NAME, options: OpenAppDbOptions = {}): Promise<AppDb> {
  return openDB<AppDbSchema>(name, DB_VERSION, {
    upgrade: (db, oldVersion, _newVersion, tx) => upgradeAppDb(db, oldVersion, tx),
    blocked: () => options.onBlocked?.(),
    // A newer build in another tab wants to upgrade: step aside, or it would wait forever.
    blocking: (_current, _blocked, event) => {
      (event.target as IDBDatabase).close();
      options.onVersionChange?.();
    },
    terminated: () => options.onTerminated?.(),
  });
}
