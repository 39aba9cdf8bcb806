import { z } from "zod";
import type { AppDb } from "./db";
import { checkedDoc, docType, readDoc, type StorageIssue } from "./doc";
import { withQuota } from "./quota";
import { DOC_KEYS } from "./schema";
import { TARGET_SECRETS_KEY } from "./target-secrets";

/**
 * The API key lives in the app's memory by default. Only when the user ticks "Remember on this
 * device" does the app call rememberKey, which writes it, in clear text, to its own store
 * (`secrets`). These three functions, and target-secrets.ts for a target's secret headers (same
 * rule, own key), are the ONLY code that touches that store: the key is never part of settings,
 * history, the cache, exports or reports.
 *
 * Clear text because encryption with a key held by the same page would not stop what actually
 * threatens it (a script running on this origin); it is stated plainly in the UI instead.
 */

const keySchema = z.object({ key: z.string().min(1), savedAt: z.number() });
const KEY_DOC = docType("remembered API key", 1, keySchema);

export async function rememberKey(db: AppDb, key: string): Promise<void> {
  if (key.trim() === "") throw new Error("refusing to remember an empty API key");
  await withQuota(() => db.put("secrets", checkedDoc(KEY_DOC, { key, savedAt: Date.now() }), DOC_KEYS.apiKey));
}

/** The remembered key, or undefined. An unreadable row is reported (without its content, which might be a key). */
export async function loadRememberedKey(db: AppDb): Promise<{ key: string | undefined; issues: StorageIssue[] }> {
  const raw = await db.get("secrets", DOC_KEYS.apiKey);
  if (raw === undefined) return { key: undefined, issues: [] };
  const read = readDoc(KEY_DOC, raw);
  if (read.ok) return { key: read.value.key, issues: [] };
  return { key: undefined, issues: [{ store: "secrets", key: DOC_KEYS.apiKey, message: "the remembered API key could not be read; enter it again" }] };
}

/**
 * Forgets the remembered API key: every row of the store (so nothing lingers under an old key
 * name) except the target's headers, which have their own opt-in and their own Forget.
 */
export async function forgetKey(db: AppDb): Promise<void> {
  const keys = await db.getAllKeys("secrets");
  await Promise.all(keys.filter((k) => k !== TARGET_SECRETS_KEY).map((k) => db.delete("secrets", k)));
}
