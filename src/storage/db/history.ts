import { z } from "zod";
import type { AnyMetricId } from "../../engine/metrics/types";
import type { MetricResult } from "../../engine/result";
import { sampleSchema } from "../../engine/sample";
import type { AppDb } from "./db";
import { checkDoc, checkedDoc, docType, readDoc, readRow, type StorageIssue, writeDoc } from "./doc";
import { newId } from "./ids";
import { withQuota } from "./quota";
import { inTx } from "./tx";
import { storedMetricIdsSchema, storedPickerOptionsSchema, storedResultsSchema } from "./stored-results";

const historyEntrySchema = z.object({
  id: z.string().min(1),
  /** Epoch milliseconds; the list is ordered by it, newest first. */
  createdAt: z.number().finite(),
  sample: sampleSchema,
  /** The metrics that were selected (a result may be missing if the run was interrupted). */
  metrics: storedMetricIdsSchema,
  results: storedResultsSchema,
  /** The judge model, as shown in the list. */
  model: z.string(),
  /** Scored by the demo judge (recorded replies), not a real model. */
  demo: z.boolean(),
  /** The metrics' options as typed in the form, restored when the entry is reopened. */
  options: storedPickerOptionsSchema.optional(),
  /**
   * What the scores depend on besides the sample (metrics, options, prompt versions, models,
   * endpoint), as one opaque string: a second score of the same sample with the same key replaces
   * the entry instead of adding a twin.
   */
  configKey: z.string().optional(),
  /**
   * Format 2: the pass/fail thresholds the scored metrics had (contract 14), so a reopened entry
   * shows the pass or fail it had. Absent in format 1 entries (and where none was set).
   */
  thresholds: z.record(z.string(), z.number().min(0).max(1)).optional(),
});

/** One scored playground sample, kept so it can be reopened. */
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

// Format 2 added `thresholds`; a format 1 entry is read as it is (it had none).
const HISTORY_DOC = docType("history entry", 2, historyEntrySchema, { 1: (doc) => doc });

export type NewHistoryEntry = Omit<HistoryEntry, "id" | "createdAt"> & { id?: string; createdAt?: number };

/** Stores an entry (the same id again replaces it) and returns it with its id and time. */
export async function addHistoryEntry(db: AppDb, entry: NewHistoryEntry): Promise<HistoryEntry> {
  const full: HistoryEntry = { ...entry, id: entry.id ?? newId(), createdAt: entry.createdAt ?? Date.now() };
  const stored = checkDoc(HISTORY_DOC, full);
  await withQuota(() => db.put("history", writeDoc(HISTORY_DOC, stored)));
  return stored;
}

/**
 * Adds one metric's result to an entry as soon as that metric finishes, in a single transaction
 * (so results finishing together do not overwrite each other). False if the entry is gone or unreadable.
 */
export async function addHistoryResult(db: AppDb, id: string, metricId: AnyMetricId, result: MetricResult): Promise<boolean> {
  const tx = db.transaction("history", "readwrite");
  return withQuota(() =>
    inTx(tx, async () => {
      const read = readDoc(HISTORY_DOC, await tx.store.get(id));
      if (!read.ok) return false;
      const entry = read.value;
      const metrics = entry.metrics.includes(metricId) ? entry.metrics : [...entry.metrics, metricId];
      // Checked before writing: one bad result must not make the whole entry unreadable.
      await tx.store.put(checkedDoc(HISTORY_DOC, { ...entry, metrics, results: { ...entry.results, [metricId]: result } }));
      return true;
    }),
  );
}

/**
 * The newest `limit` readable entries, newest first; unreadable rows are skipped and reported.
 * (A row whose createdAt is not a valid key is not in the index at all, so it is never listed.)
 */
export async function listHistory(db: AppDb, limit = 50): Promise<{ entries: HistoryEntry[]; issues: StorageIssue[] }> {
  const entries: HistoryEntry[] = [];
  const issues: StorageIssue[] = [];
  const tx = db.transaction("history", "readonly");
  await inTx(tx, async () => {
    for (let cursor = await tx.store.index("createdAt").openCursor(null, "prev"); cursor && entries.length < limit; cursor = await cursor.continue()) {
      const entry = readRow(HISTORY_DOC, cursor.value, "history", String(cursor.primaryKey), issues);
      if (entry) entries.push(entry);
    }
  });
  return { entries, issues };
}

export async function getHistoryEntry(db: AppDb, id: string): Promise<{ entry: HistoryEntry | undefined; issues: StorageIssue[] }> {
  const raw = await db.get("history", id);
  const issues: StorageIssue[] = [];
  if (raw === undefined) return { entry: undefined, issues };
  return { entry: readRow(HISTORY_DOC, raw, "history", id, issues), issues };
}

/** Deletes by id, readable or not (this is how a corrupt row is removed). */
export async function deleteHistoryEntry(db: AppDb, id: string): Promise<void> {
  await db.delete("history", id);
}

/** Keeps the newest `keep` entries and deletes the rest; returns how many were deleted. */
export async function pruneHistory(db: AppDb, keep: number): Promise<number> {
  const tx = db.transaction("history", "readwrite");
  return inTx(tx, async () => {
    let seen = 0;
    let deleted = 0;
    for (let cursor = await tx.store.index("createdAt").openCursor(null, "prev"); cursor; cursor = await cursor.continue()) {
      if (++seen > keep) {
        await cursor.delete();
        deleted++;
      }
    }
    return deleted;
  });
}
