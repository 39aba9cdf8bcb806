import type { IDBPTransaction } from "idb";
import { z } from "zod";
import type { PromptOverride, PromptOverrides } from "../../engine/prompts/types";
import { promptOverrideSchema } from "../format/prompt-override";
import type { AppDb } from "./db";
import { checkDoc, checkedDoc, docType, readDoc, readRow, type StorageIssue, writeDoc } from "./doc";
import { newId } from "./ids";
import type { AppDbSchema } from "./schema";
import { withQuota } from "./quota";
import { inTx } from "./tx";

/**
 * Named prompt versions from the prompt studio, and which one is active for each prompt id.
 * A version holds only what a user may change (the prompt set file's override shape), so a
 * version, a prompt set file and the engine's overrides are the same data.
 *
 * The active choice is one small document in the settings store (key ACTIVE_KEY): a map
 * promptId -> versionId. A prompt without an entry runs with its built-in default. Keeping it
 * apart from the version rows means switching versions rewrites one tiny document, and deleting
 * a version cannot leave two rows both claiming to be active.
 */

export interface NewPromptVersion {
  promptId: string;
  name: string;
  override: PromptOverride;
  createdAt?: number;
}

/** Settings-store key of the active-version map (the settings store holds singleton documents). */
export const ACTIVE_KEY = "activePromptVersions";

const versionSchema = z.object({
  id: z.string().min(1),
  promptId: z.string().min(1),
  /** Shown in the studio and recorded as promptVersion on every call made with it. */
  name: z.string().trim().min(1, "a version needs a name").max(80, "a version name is at most 80 characters"),
  override: promptOverrideSchema.omit({ versionName: true }),
  /** Epoch milliseconds; versions are listed oldest first. */
  createdAt: z.number().finite(),
});

export type PromptVersion = z.infer<typeof versionSchema>;

const VERSION_DOC = docType("prompt version", 1, versionSchema);

const ACTIVE_DOC = docType("active prompt versions", 1, z.object({ active: z.record(z.string(), z.string()) }));

/** A transaction over both stores this repository writes. */
type VersionsTx = IDBPTransaction<AppDbSchema, ("promptVersions" | "settings")[], "readwrite">;

/** The version as the engine takes it: the override plus its name for the call log. */
export function versionOverride(version: PromptVersion): PromptOverride {
  return { ...structuredClone(version.override), versionName: version.name };
}

function build(input: NewPromptVersion, id: string): PromptVersion {
  const { versionName: _dropped, ...override } = input.override;
  return checkDoc(VERSION_DOC, { id, promptId: input.promptId, name: input.name.trim(), override, createdAt: input.createdAt ?? Date.now() });
}

async function readActive(tx: VersionsTx): Promise<Record<string, string>> {
  const read = readDoc(ACTIVE_DOC, await tx.objectStore("settings").get(ACTIVE_KEY));
  // An unreadable map means "everything default": safer than guessing which version was meant.
  return read.ok ? { ...read.value.active } : {};
}

async function writeActive(tx: VersionsTx, active: Record<string, string>): Promise<void> {
  await tx.objectStore("settings").put(checkedDoc(ACTIVE_DOC, { active }), ACTIVE_KEY);
}

/** The readable versions of one prompt, as stored. */
async function versionsOf(tx: VersionsTx, promptId: string): Promise<PromptVersion[]> {
  const rows = await tx.objectStore("promptVersions").index("promptId").getAll(promptId);
  return rows.flatMap((row) => {
    const read = readDoc(VERSION_DOC, row);
    return read.ok ? [read.value] : [];
  });
}

/**
 * The version to store for `input`: the id of the prompt's version of that name (a save under an
 * existing name replaces it) or a new one, and a time after every other version of the prompt, so
 * versions list in the order they were saved even when two land in the same millisecond (a fast
 * machine, a script, a prompt set's import), never in the order of their random ids.
 */
async function placed(tx: VersionsTx, input: NewPromptVersion): Promise<PromptVersion> {
  const name = input.name.trim();
  const stored = await versionsOf(tx, input.promptId);
  const same = stored.find((v) => v.name === name);
  const after = stored.filter((v) => v.id !== same?.id).map((v) => v.createdAt + 1);
  return build({ ...input, createdAt: input.createdAt ?? Math.max(Date.now(), ...after) }, same?.id ?? newId());
}

/**
 * Saves a version; saving again under an existing name of the same prompt replaces that version
 * (same id, now the newest), so "v2" is always one thing. `activate` makes it the prompt's active version in the
 * same transaction.
 */
export async function savePromptVersion(db: AppDb, input: NewPromptVersion, options: { activate?: boolean } = {}): Promise<PromptVersion> {
  const tx = db.transaction(["promptVersions", "settings"], "readwrite");
  return withQuota(() =>
    inTx(tx, async () => {
      const version = await placed(tx, input);
      await tx.objectStore("promptVersions").put(writeDoc(VERSION_DOC, version));
      if (options.activate) await writeActive(tx, { ...(await readActive(tx)), [version.promptId]: version.id });
      return version;
    }),
  );
}

/** Readable versions (of one prompt, or all), oldest first; unreadable rows are reported and skipped. */
export async function listPromptVersions(db: AppDb, promptId?: string): Promise<{ versions: PromptVersion[]; issues: StorageIssue[] }> {
  const issues: StorageIssue[] = [];
  const tx = db.transaction("promptVersions", "readonly");
  const rows = await inTx(tx, async () => {
    const out: { key: string; value: unknown }[] = [];
    const first = promptId === undefined ? tx.store.openCursor() : tx.store.index("promptId").openCursor(promptId);
    for (let cursor = await first; cursor; cursor = await cursor.continue()) out.push({ key: String(cursor.primaryKey), value: cursor.value });
    return out;
  });
  const versions = rows.flatMap(({ key, value }) => readRow(VERSION_DOC, value, "promptVersions", key, issues) ?? []);
  versions.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  return { versions, issues };
}

/** Deletes a version (readable or not); a prompt whose active version it was goes back to its default. */
export async function deletePromptVersion(db: AppDb, id: string): Promise<void> {
  const tx = db.transaction(["promptVersions", "settings"], "readwrite");
  await withQuota(() =>
    inTx(tx, async () => {
      await tx.objectStore("promptVersions").delete(id);
      const active = await readActive(tx);
      const kept = Object.fromEntries(Object.entries(active).filter(([, versionId]) => versionId !== id));
      if (Object.keys(kept).length !== Object.keys(active).length) await writeActive(tx, kept);
    }),
  );
}

/** promptId -> active version id; a prompt not listed uses its built-in default. */
export async function loadActiveVersions(db: AppDb): Promise<{ active: Record<string, string>; issues: StorageIssue[] }> {
  const raw = await db.get("settings", ACTIVE_KEY);
  if (raw === undefined) return { active: {}, issues: [] };
  const read = readDoc(ACTIVE_DOC, raw);
  if (read.ok) return { active: read.value.active, issues: [] };
  return { active: {}, issues: [{ store: "settings", key: ACTIVE_KEY, message: `${read.message}; every prompt uses its built-in default` }] };
}

/** Makes a saved version active for its prompt, or (null) goes back to the built-in default. */
export async function setActiveVersion(db: AppDb, promptId: string, versionId: string | null): Promise<void> {
  const tx = db.transaction(["promptVersions", "settings"], "readwrite");
  await withQuota(() =>
    inTx(tx, async () => {
      const active = await readActive(tx);
      if (versionId === null) {
        delete active[promptId];
      } else {
        const read = readDoc(VERSION_DOC, await tx.objectStore("promptVersions").get(versionId));
        if (!read.ok) throw new Error(`there is no readable version ${versionId}`);
        if (read.value.promptId !== promptId) throw new Error(`version "${read.value.name}" belongs to ${read.value.promptId}, not ${promptId}`);
        active[promptId] = versionId;
      }
      await writeActive(tx, active);
    }),
  );
}

/**
 * What scoring runs with: the active version of each prompt as an engine override (with its
 * name, which lands in the call log). An active version that is gone or unreadable is skipped
 * (that prompt runs with its default) and reported.
 */
export async function loadActiveOverrides(db: AppDb): Promise<{ overrides: PromptOverrides; issues: StorageIssue[] }> {
  const { active, issues } = await loadActiveVersions(db);
  const overrides: PromptOverrides = {};
  for (const [promptId, versionId] of Object.entries(active)) {
    const raw = await db.get("promptVersions", versionId);
    const version = raw === undefined ? undefined : readRow(VERSION_DOC, raw, "promptVersions", versionId, issues);
    if (raw === undefined) issues.push({ store: "promptVersions", key: versionId, message: `the active version of ${promptId} is gone; the default is used` });
    if (version && version.promptId === promptId) overrides[promptId] = versionOverride(version);
  }
  return { overrides, issues };
}

/**
 * Replaces the whole active set at once (a prompt set import): each entry is saved as a version
 * and made active, and every other prompt goes back to its default, so the browser then scores
 * exactly as the CLI does with the same file. One transaction: all of it happens or none.
 */
export async function importPromptVersions(db: AppDb, entries: readonly NewPromptVersion[]): Promise<PromptVersion[]> {
  const tx = db.transaction(["promptVersions", "settings"], "readwrite");
  return withQuota(() =>
    inTx(tx, async () => {
      const saved: PromptVersion[] = [];
      const active: Record<string, string> = {};
      for (const entry of entries) {
        const version = await placed(tx, entry);
        await tx.objectStore("promptVersions").put(writeDoc(VERSION_DOC, version));
        active[version.promptId] = version.id;
        saved.push(version);
      }
      await writeActive(tx, active);
      return saved;
    }),
  );
}
