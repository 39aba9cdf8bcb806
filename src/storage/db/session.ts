import { z } from "zod";
import type { AnyMetricId } from "../../engine/metrics/types";
import type { MetricResult } from "../../engine/result";
import { sampleSchema, type Sample } from "../../engine/sample";
import type { AppDb } from "./db";
import { readDoc, writeDoc, type DocType, type StorageIssue } from "./doc";
import { withQuota } from "./quota";
import { inTx } from "./tx";
import { DOC_KEYS } from "./schema";
import { storedMetricIdsSchema, storedResultsSchema, type StoredResults } from "./stored-results";

/**
 * The playground as it was: a reload brings back the last sample and whatever results it had.
 * The app saves the sample when it changes and adds each result the moment its metric finishes
 * (addLastSessionResult), so a crash mid-run loses nothing already scored.
 */
export interface LastSession {
  sample: Sample;
  metrics: AnyMetricId[];
  results: StoredResults;
  /** The history entry these results also went to, if any. */
  historyId?: string;
  savedAt: number;
}

export type LastSessionInput = Omit<LastSession, "savedAt">;

const sessionSchema = z.object({
  sample: sampleSchema,
  metrics: storedMetricIdsSchema,
  results: storedResultsSchema,
  historyId: z.string().optional(),
  savedAt: z.number().finite(),
});

const SESSION_DOC: DocType<LastSession> = { what: "last session", version: 1, schema: sessionSchema as z.ZodType<LastSession> };

export async function saveLastSession(db: AppDb, session: LastSessionInput): Promise<void> {
  const doc: LastSession = { ...session, savedAt: Date.now() };
  const read = readDoc(SESSION_DOC, writeDoc(SESSION_DOC, doc));
  if (!read.ok) throw new Error(`not stored: ${read.message}`);
  await withQuota(() => db.put("settings", writeDoc(SESSION_DOC, read.value), DOC_KEYS.lastSession));
}

/**
 * Merges one finished metric into the saved session in one transaction, so metrics finishing at
 * the same moment do not overwrite each other. False when there is no readable session to add to.
 */
export async function addLastSessionResult(db: AppDb, metricId: AnyMetricId, result: MetricResult): Promise<boolean> {
  const tx = db.transaction("settings", "readwrite");
  return withQuota(() =>
    inTx(tx, async () => {
      const read = readDoc(SESSION_DOC, await tx.store.get(DOC_KEYS.lastSession));
      if (!read.ok) return false;
      const s = read.value;
      const metrics = s.metrics.includes(metricId) ? s.metrics : [...s.metrics, metricId];
      // Checked before writing: one bad result must not make the whole session unreadable.
      const merged = readDoc(SESSION_DOC, writeDoc(SESSION_DOC, { ...s, metrics, results: { ...s.results, [metricId]: result }, savedAt: Date.now() }));
      if (!merged.ok) throw new Error(`not stored: ${merged.message}`);
      await tx.store.put(writeDoc(SESSION_DOC, merged.value), DOC_KEYS.lastSession);
      return true;
    }),
  );
}

export async function loadLastSession(db: AppDb): Promise<{ session: LastSession | undefined; issues: StorageIssue[] }> {
  const raw = await db.get("settings", DOC_KEYS.lastSession);
  if (raw === undefined) return { session: undefined, issues: [] };
  const read = readDoc(SESSION_DOC, raw);
  if (read.ok) return { session: read.value, issues: [] };
  return { session: undefined, issues: [{ store: "settings", key: DOC_KEYS.lastSession, message: `${read.message}; the playground starts empty` }] };
}

export async function clearLastSession(db: AppDb): Promise<void> {
  await db.delete("settings", DOC_KEYS.lastSession);
}
