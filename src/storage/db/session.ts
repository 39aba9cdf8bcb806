import { z } from "zod";
import type { AnyMetricId } from "../../engine/metrics/types";
import type { MetricResult } from "../../engine/result";
import { sampleSchema } from "../../engine/sample";
import type { AppDb } from "./db";
import { checkedDoc, docType, readDoc, type StorageIssue } from "./doc";
import { withQuota } from "./quota";
import { inTx } from "./tx";
import { DOC_KEYS } from "./schema";
import { storedMetricIdsSchema, storedPickerOptionsSchema, storedResultsSchema } from "./stored-results";

/**
 * The playground as it was: a reload brings back the last sample and whatever results it had.
 * The app saves the sample when it changes and adds each result the moment its metric finishes
 * (addLastSessionResult), so a crash mid-run loses nothing already scored.
 */
/**
 * What was pasted into a field that does not parse (a conversation, reference calls, grades): the
 * sample leaves it out, so the text is kept beside it and a reload brings back what was typed.
 */
const unparsedDraftSchema = z.object({ conversation: z.string(), referenceToolCalls: z.string(), relevantGrades: z.string() }).partial();
export type UnparsedDraft = z.infer<typeof unparsedDraftSchema>;

const sessionSchema = z.object({
  sample: sampleSchema,
  metrics: storedMetricIdsSchema,
  results: storedResultsSchema,
  /** The history entry these results also went to, if any. */
  historyId: z.string().optional(),
  /** The metrics ticked in the form and their options (absent in sessions saved before issue 26). */
  selected: storedMetricIdsSchema.optional(),
  options: storedPickerOptionsSchema.optional(),
  /** Absent when every field parsed (and in sessions saved before it). */
  unparsed: unparsedDraftSchema.optional(),
  savedAt: z.number().finite(),
});

export type LastSession = z.infer<typeof sessionSchema>;
export type LastSessionInput = Omit<LastSession, "savedAt">;

const SESSION_DOC = docType("last session", 1, sessionSchema);

export async function saveLastSession(db: AppDb, session: LastSessionInput): Promise<void> {
  const doc: LastSession = { ...session, savedAt: Date.now() };
  const stored = checkedDoc(SESSION_DOC, doc);
  await withQuota(() => db.put("settings", stored, DOC_KEYS.lastSession));
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
      await tx.store.put(checkedDoc(SESSION_DOC, { ...s, metrics, results: { ...s.results, [metricId]: result }, savedAt: Date.now() }), DOC_KEYS.lastSession);
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
