import { z } from "zod";
import type { AppDb } from "./db";
import { checkedDoc, docType, readDoc } from "./doc";
import { withQuota } from "./quota";

/**
 * The values of a target's secret headers (Authorization, X-Api-Key...), by header name, under
 * their own key of the `secrets` store, written ONLY while the user opted in to remember them:
 * the API key's rule (keys.ts), clear text for the same reason.
 */

export const TARGET_SECRETS_KEY = "targetHeaders";

const secretsSchema = z.object({ values: z.record(z.string(), z.string()), savedAt: z.number() });
const SECRETS_DOC = docType("remembered target headers", 1, secretsSchema);

export async function rememberTargetSecrets(db: AppDb, values: Record<string, string>): Promise<void> {
  await withQuota(() => db.put("secrets", checkedDoc(SECRETS_DOC, { values, savedAt: Date.now() }), TARGET_SECRETS_KEY));
}

/** The remembered values, or {} (an unreadable row is dropped: it is asked for again, never shown). */
export async function loadTargetSecrets(db: AppDb): Promise<Record<string, string>> {
  const read = readDoc(SECRETS_DOC, await db.get("secrets", TARGET_SECRETS_KEY));
  return read.ok ? read.value.values : {};
}

export async function forgetTargetSecrets(db: AppDb): Promise<void> {
  await db.delete("secrets", TARGET_SECRETS_KEY);
}
