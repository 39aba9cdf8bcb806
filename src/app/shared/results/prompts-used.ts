import { allPrompts, type MetricResult, promptHash, type PromptDef, type PromptOverrides, resolvePrompt } from "../../../engine";
import type { AppDb } from "../../../storage/db/db";
import { listPromptVersions, setActiveVersion } from "../../../storage/db/prompt-versions";

/**
 * Shown results against the prompts the playground scores with now: a sample reopened from
 * history may have been scored with other versions, and its numbers only compare with a new
 * score once the same versions are active again. The call records say which prompt text each
 * call used (its hash and version name); the saved versions say how to get it back.
 */

export interface PromptUsed {
  promptId: string;
  hash: string;
  /** The version name the call log recorded ("built-in" when none). */
  versionName: string | null;
}

/** Where the used text lives now: a saved version, the built-in default (null), or nowhere. */
export interface PromptDifference extends PromptUsed {
  versionId: string | null | undefined;
}

const BUILT_IN: ReadonlyMap<string, PromptDef> = new Map(allPrompts().map((p) => [p.id, p]));

/** One entry per metric prompt the results' calls used (prompts the engine does not know are skipped). */
export function promptsUsedBy(results: Readonly<Record<string, MetricResult | undefined>>): PromptUsed[] {
  const used = new Map<string, PromptUsed>();
  for (const result of Object.values(results)) {
    for (const call of result?.trace.calls ?? []) {
      if (!BUILT_IN.has(call.promptId) || used.has(call.promptId)) continue;
      used.set(call.promptId, { promptId: call.promptId, hash: call.promptHash, versionName: call.promptVersion ?? null });
    }
  }
  return [...used.values()].sort((a, b) => a.promptId.localeCompare(b.promptId));
}

/** The used prompts whose text differs from what is active now, each with where its text is saved. */
export async function differencesFromActive(db: AppDb, used: readonly PromptUsed[], active: PromptOverrides): Promise<PromptDifference[]> {
  const out: PromptDifference[] = [];
  for (const u of used) {
    const base = BUILT_IN.get(u.promptId)!;
    if (promptHash(resolvePrompt(base, active[u.promptId])) === u.hash) continue;
    let versionId: string | null | undefined;
    if (promptHash(base) === u.hash) versionId = null;
    else {
      const { versions } = await listPromptVersions(db, u.promptId);
      versionId = versions.find((v) => promptHash(resolvePrompt(base, v.override)) === u.hash)?.id;
    }
    out.push({ ...u, versionId });
  }
  return out;
}

/** Makes every used text that is still saved the active one again; returns how many it switched. */
export async function activateUsed(db: AppDb, differences: readonly PromptDifference[]): Promise<number> {
  let switched = 0;
  for (const d of differences) {
    if (d.versionId === undefined) continue;
    await setActiveVersion(db, d.promptId, d.versionId);
    switched++;
  }
  return switched;
}
