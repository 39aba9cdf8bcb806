import { z } from "zod";
import { type CustomJudge, type CustomJudgeInput, customJudgeSchema, freeSlug } from "../../engine/metrics/custom";
import type { AppDb } from "./db";
import { readDoc, writeDoc, type DocType, type StorageIssue } from "./doc";
import { withQuota } from "./quota";
import { inTx } from "./tx";

/**
 * The user's own judges (`custom:<slug>`, the prompt studio's "New judge"), with every saved
 * version: one small document in the settings store (no new object store, so no database
 * upgrade), slug -> versions oldest first. Saving a changed definition appends version n + 1;
 * saving the same definition again changes nothing. The latest version of each judge is what
 * runs and what a prompt set exports.
 */

export const CUSTOM_JUDGES_KEY = "customJudges";

const judgesDocSchema = z.object({ judges: z.record(z.string(), z.array(customJudgeSchema).min(1)) });
type JudgesDoc = z.infer<typeof judgesDocSchema>;

const JUDGES_DOC: DocType<JudgesDoc> = { what: "custom judges", version: 1, schema: judgesDocSchema };

/** The definition without its version number: two saves of the same definition are one version. */
const sameDefinition = (a: CustomJudge, b: CustomJudge) => JSON.stringify({ ...a, version: 0 }) === JSON.stringify({ ...b, version: 0 });

async function readJudges(db: AppDb): Promise<{ doc: JudgesDoc; issues: StorageIssue[] }> {
  const raw = await db.get("settings", CUSTOM_JUDGES_KEY);
  if (raw === undefined) return { doc: { judges: {} }, issues: [] };
  const read = readDoc(JUDGES_DOC, raw);
  if (read.ok) return { doc: read.value, issues: [] };
  return { doc: { judges: {} }, issues: [{ store: "settings", key: CUSTOM_JUDGES_KEY, message: `${read.message}; no custom judge is loaded` }] };
}

/** Every judge at its latest version, by name. */
export async function listCustomJudges(db: AppDb): Promise<{ judges: CustomJudge[]; issues: StorageIssue[] }> {
  const { doc, issues } = await readJudges(db);
  const judges = Object.values(doc.judges).map((versions) => versions[versions.length - 1]!);
  judges.sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));
  return { judges, issues };
}

/** Every saved version of one judge, oldest first. */
export async function customJudgeVersions(db: AppDb, slug: string): Promise<CustomJudge[]> {
  return (await readJudges(db)).doc.judges[slug] ?? [];
}

/**
 * Saves judges (one from the studio, or a prompt set's list) in one transaction: each is checked,
 * and a changed definition becomes the next version of its slug. Returns them as stored.
 * `asNew` (the studio's "New judge"): a slug another judge already holds is not that judge's next
 * version but the next free one, decided inside the transaction, so a form that chose its slug
 * before the list had loaded, or beside another tab saving too, never hides another judge (the
 * same definition saved again is still the same judge).
 */
export async function saveCustomJudges(db: AppDb, inputs: readonly CustomJudgeInput[], options: { asNew?: boolean } = {}): Promise<CustomJudge[]> {
  const parsed = inputs.map((input) => customJudgeSchema.parse(input));
  const tx = db.transaction("settings", "readwrite");
  return withQuota(() =>
    inTx(tx, async () => {
      const raw = await tx.store.get(CUSTOM_JUDGES_KEY);
      const read = raw === undefined ? undefined : readDoc(JUDGES_DOC, raw);
      // An unreadable document is not overwritten: the user's judges may still be recoverable from it.
      if (read && !read.ok) throw new Error(`custom judges not saved: ${read.message}`);
      const judges = { ...(read?.ok ? read.value.judges : {}) };
      const saved = parsed.map((input) => {
        const holder = judges[input.slug]?.at(-1);
        // The same definition again is the same judge (a second click on Save), not a new one.
        const taken = options.asNew && holder !== undefined && !sameDefinition(holder, input);
        const judge = taken ? { ...input, slug: freeSlug(input.name, Object.keys(judges)) } : input;
        const versions = judges[judge.slug] ?? [];
        const last = versions[versions.length - 1];
        if (last && sameDefinition(last, judge)) return last;
        const next = { ...judge, version: last ? last.version + 1 : 1 };
        judges[judge.slug] = [...versions, next];
        return next;
      });
      await tx.store.put(writeDoc(JUDGES_DOC, { judges }), CUSTOM_JUDGES_KEY);
      return saved;
    }),
  );
}

/** Removes a judge and all its versions. */
export async function deleteCustomJudge(db: AppDb, slug: string): Promise<void> {
  const tx = db.transaction("settings", "readwrite");
  await withQuota(() =>
    inTx(tx, async () => {
      const read = readDoc(JUDGES_DOC, await tx.store.get(CUSTOM_JUDGES_KEY));
      if (!read.ok) return;
      const { [slug]: _gone, ...rest } = read.value.judges;
      await tx.store.put(writeDoc(JUDGES_DOC, { judges: rest }), CUSTOM_JUDGES_KEY);
    }),
  );
}
