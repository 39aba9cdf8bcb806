import type { DBSchema, IDBPDatabase } from "idb";

/**
 * The shape of the app's IndexedDB database.
 *
 * Values are typed `unknown` on purpose: whatever comes out of IndexedDB may have been written by
 * an older (or newer) build, another tab, a browser extension or a half-finished write, so it is
 * untrusted until a zod schema accepts it (see doc.ts). Only keys and index keys are typed here,
 * because IndexedDB itself enforces those.
 */
export interface AppDbSchema extends DBSchema {
  /** Small singleton documents by fixed key: "settings", "lastSession" (see DOC_KEYS). */
  settings: { key: string; value: unknown };
  /** The API key, only when the user opted in to "Remember on this device". Nothing else. */
  secrets: { key: string; value: unknown };
  /** Scored playground samples (keyPath "id"). */
  history: { key: string; value: unknown; indexes: { createdAt: number } };
  /** Judge replies by request hash (keyPath "key"); lastUsed drives LRU eviction. */
  responseCache: { key: string; value: unknown; indexes: { lastUsed: number } };
  /** Saved prompt-studio versions (keyPath "id"). */
  promptVersions: { key: string; value: unknown; indexes: { promptId: string; createdAt: number } };
  /** Imported datasets (keyPath "id"). */
  datasets: { key: string; value: unknown; indexes: { createdAt: number } };
  /** A dataset's samples, one row each (keyPath [datasetId, position]; sampleId is unique per dataset). */
  datasetRows: { key: [string, number]; value: unknown; indexes: { sampleId: [string, string] } };
  /** Dataset runs (keyPath "id"). */
  runs: { key: string; value: unknown; indexes: { datasetId: string; createdAt: number } };
  /** One row per (run, sample), written as each sample finishes so a run can resume (keyPath "id"). */
  runResults: { key: string; value: unknown; indexes: { runId: string } };
  /** Reports kept from the Reports view (keyPath "id"); the report is stored as its file text. */
  reports: { key: string; value: unknown; indexes: { keptAt: number } };
  /** Agreement runs: { id, createdAt, file } with file a contract-10 agreement file (keyPath "id"). */
  agreementRuns: { key: string; value: unknown; indexes: { createdAt: string } };
  /** What a run scores, one row per sample in order (keyPath [runId, position]): its id and content hash. */
  runSamples: { key: [string, number]; value: unknown; indexes: { hash: string } };
  /** Sample contents by hash (keyPath "hash"), shared by every run that scored the same text. */
  sampleContents: { key: string; value: unknown };
}

export type StoreName =
  | "settings"
  | "secrets"
  | "history"
  | "responseCache"
  | "promptVersions"
  | "datasets"
  | "datasetRows"
  | "runs"
  | "runResults"
  | "reports"
  | "agreementRuns"
  | "runSamples"
  | "sampleContents";

export const DEFAULT_DB_NAME = "ragas-playground";

/** Fixed keys of the singleton documents. */
export const DOC_KEYS = {
  settings: "settings",
  lastSession: "lastSession",
  apiKey: "apiKey",
} as const;

/** An open connection to the app's database (defined here so repositories need not import db.ts, which imports the migrations). */
export type AppDb = IDBPDatabase<AppDbSchema>;
