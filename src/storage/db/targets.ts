import { z } from "zod";
import type { AppDb } from "./db";
import { checkedDoc, docType, readDoc, type StorageIssue } from "./doc";
import { withQuota } from "./quota";

/**
 * The app's saved target (issue 29, "Ask your system"): the form the user filled in, kept in the
 * `settings` store under its own key. A header marked secret is stored WITHOUT its value here;
 * its value lives in memory, and in the `secrets` store only while the user opts in (the API
 * key's rule: target-secrets.ts). zod drops unknown keys, so a value that slipped into the
 * object is never written.
 */

const TARGET_KEY = "target";

const headerSchema = z.object({ name: z.string(), value: z.string(), secret: z.boolean() });

const savedTargetSchema = z.object({
  url: z.string(),
  method: z.enum(["POST", "PUT", "GET"]),
  headers: z.array(headerSchema),
  /** The JSON body template, as typed (it is parsed when the target is built). */
  body: z.string(),
  answer: z.string(),
  contexts: z.string(),
  contextIds: z.string(),
  /** Format 2: the JSONPath of the reply's tool calls ("" = none; a format 1 target had none). */
  toolCalls: z.string().default(""),
  /** How the reply comes: one JSON document, server-sent events or JSON lines. */
  stream: z.enum(["none", "sse", "jsonl"]),
  /** The user opted in to keep the secret headers' values on this device. */
  rememberSecrets: z.boolean(),
});

export type SavedTarget = z.infer<typeof savedTargetSchema>;
export type TargetHeader = z.infer<typeof headerSchema>;

// Format 2 added `toolCalls`; a format 1 target reads as it was, with none.
const TARGET_DOC = docType("saved target", 2, savedTargetSchema, { 1: (doc) => doc });

/** Saves the target with every secret header's value blanked (what may reach IndexedDB). */
export async function saveTarget(db: AppDb, target: SavedTarget): Promise<void> {
  const headers = target.headers.map((h) => (h.secret ? { ...h, value: "" } : h));
  await withQuota(() => db.put("settings", checkedDoc(TARGET_DOC, { ...target, headers }), TARGET_KEY));
}

export async function loadTarget(db: AppDb): Promise<{ target: SavedTarget | undefined; issues: StorageIssue[] }> {
  const raw = await db.get("settings", TARGET_KEY);
  if (raw === undefined) return { target: undefined, issues: [] };
  const read = readDoc(TARGET_DOC, raw);
  if (read.ok) return { target: read.value, issues: [] };
  return { target: undefined, issues: [{ store: "settings", key: TARGET_KEY, message: `${read.message}; fill in the target again` }] };
}
