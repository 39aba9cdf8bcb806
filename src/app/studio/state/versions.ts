import {
  deletePromptVersion,
  importPromptVersions,
  listPromptVersions,
  loadActiveVersions,
  savePromptVersion,
  setActiveVersion,
  versionOverride,
  type PromptVersion,
} from "../../../storage/db/prompt-versions";
import { saveCustomJudges } from "../../../storage/db/custom-judges";
import { loadCustomJudges, useCustomJudges } from "../../shared/persist/custom-judges";
import { buildPromptSet, parsePromptSet } from "../../../storage/format/prompt-set";
import { appDb } from "../../shared/persist/db";
import { checkDraft, draftOf, sameDraft, type PromptDraft } from "../logic/draft";
import { studioT } from "../messages";
import { activeOverridesOf, type Baseline, type NoticeText, notify, PROMPTS, promptById, useStudio } from "./store";

/**
 * The studio's storage actions. Every write goes to IndexedDB first and then the studio reloads
 * versions and the active map from it, so the screen never shows a save that did not happen.
 */

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function refuse(text: NoticeText): false {
  notify("error", text);
  return false;
}

async function reload(): Promise<{ versions: PromptVersion[]; active: Record<string, string> } | undefined> {
  const db = await appDb();
  if (!db) return undefined;
  const [{ versions }, { active }] = await Promise.all([listPromptVersions(db), loadActiveVersions(db)]);
  useStudio.setState({ versions, active });
  return { versions, active };
}

/**
 * Opens the studio: loads versions, and starts every draft from its prompt's active version. On
 * a later opening the drafts stay as they were, but the versions and which one is active are read
 * again: the results panel ("Use these versions") or another tab may have changed them.
 */
export async function loadStudio(): Promise<void> {
  if (useStudio.getState().loaded) {
    await reload().catch(() => undefined);
    return;
  }
  const loaded = await reload().catch(() => undefined);
  const versions = loaded?.versions ?? [];
  const active = loaded?.active ?? {};
  const overrides = activeOverridesOf(versions, active);
  const drafts: Record<string, PromptDraft> = {};
  const opened: Record<string, string | null> = {};
  for (const prompt of PROMPTS) {
    drafts[prompt.id] = draftOf(prompt, overrides[prompt.id]);
    opened[prompt.id] = overrides[prompt.id] ? active[prompt.id]! : null;
  }
  useStudio.setState({ loaded: true, storage: loaded !== undefined, drafts, opened });
}

/**
 * Saves the selected prompt's draft under `name` and makes it the active version. What the draft
 * is compared with stays what it was before the save (a chosen baseline, else the version active
 * until now), so "Score with this version" right after a save shows the saved version against its
 * predecessor rather than against itself.
 */
export async function saveDraftAsVersion(promptId: string, name: string, draft = useStudio.getState().drafts[promptId]): Promise<boolean> {
  if (!name.trim()) return refuse((m) => m.nameNeeded);
  const check = draft ? checkDraft(promptById(promptId), draft) : undefined;
  if (!check?.override) return refuse((m) => m.fixFirst);
  const db = await appDb();
  if (!db) return refuse((m) => m.storageUnavailable);
  const before = useStudio.getState();
  const baseline: Baseline = before.baselines[promptId]?.chosen ? before.baselines[promptId]! : { versionId: before.active[promptId] ?? null, chosen: false };
  try {
    const version = await savePromptVersion(db, { promptId, name, override: check.override }, { activate: true });
    await reload();
    useStudio.setState((s) => ({
      opened: { ...s.opened, [promptId]: version.id },
      drafts: { ...s.drafts, [promptId]: draft! },
      baselines: { ...s.baselines, [promptId]: baseline },
    }));
    notify("info", (m) => m.saved(version.name));
    return true;
  } catch (error) {
    return refuse(() => errorText(error));
  }
}

/** "Compare with": the version (null: the built-in default) the draft's score is set beside. */
export function chooseBaseline(promptId: string, versionId: string | null): void {
  useStudio.setState((s) => ({ baselines: { ...s.baselines, [promptId]: { versionId, chosen: true } } }));
}

/** Chooses what Score uses for a prompt: a saved version, or (null) the built-in default. */
export async function activate(promptId: string, versionId: string | null): Promise<void> {
  // Shown at once (a radio must follow the click); the reload below puts back what was stored.
  useStudio.setState((s) => {
    const active = { ...s.active };
    if (versionId === null) delete active[promptId];
    else active[promptId] = versionId;
    return { active };
  });
  const db = await appDb();
  try {
    if (!db) throw new Error(studioT().storageUnavailable);
    await setActiveVersion(db, promptId, versionId);
    const loaded = await reload();
    const name = loaded?.versions.find((v) => v.id === versionId)?.name ?? studioT().useDefault;
    notify("info", (m) => m.activated(name));
  } catch (error) {
    await reload().catch(() => undefined);
    notify("error", () => errorText(error));
  }
}

/** Loads a saved version (or the default) into the editor; nothing is stored. */
export function openVersion(promptId: string, versionId: string | null): void {
  const { versions } = useStudio.getState();
  const version = versionId === null ? undefined : versions.find((v) => v.id === versionId);
  const prompt = promptById(promptId);
  useStudio.setState((s) => ({
    drafts: { ...s.drafts, [promptId]: draftOf(prompt, version ? versionOverride(version) : undefined) },
    opened: { ...s.opened, [promptId]: version?.id ?? null },
  }));
  notify("info", (m) => (version ? m.opened(version.name) : m.resetDone));
}

export async function removeVersion(version: PromptVersion): Promise<void> {
  const db = await appDb();
  if (!db) return notify("error", (m) => m.storageUnavailable);
  try {
    await deletePromptVersion(db, version.id);
    await reload();
    useStudio.setState((s) => {
      const baselines = { ...s.baselines };
      if (baselines[version.promptId]?.versionId === version.id) delete baselines[version.promptId];
      return { opened: s.opened[version.promptId] === version.id ? { ...s.opened, [version.promptId]: null } : s.opened, baselines };
    });
    notify("info", (m) => m.deleted(version.name));
  } catch (error) {
    notify("error", () => errorText(error));
  }
}

/** The prompt set file of the active versions: exactly what `--prompts FILE` reads in the CLI. */
export function exportText(): { text: string; count: number; unsaved: boolean } {
  const { versions, active, drafts } = useStudio.getState();
  const overrides = activeOverridesOf(versions, active);
  const unsaved = PROMPTS.some((p) => drafts[p.id] && !sameDraft(drafts[p.id]!, draftOf(p, overrides[p.id])));
  // The user's judges travel with the prompt set (the CLI's --prompts runs them as custom:<slug>).
  const judges = useCustomJudges.getState().judges;
  return { text: `${JSON.stringify(buildPromptSet(overrides, judges), null, 2)}\n`, count: Object.keys(overrides).length, unsaved };
}

/**
 * Imports a prompt set file: validated in full first (parsePromptSet, the CLI's own reader), so a
 * bad file changes nothing; then one transaction makes the file's prompts the active set.
 */
export async function importText(text: string, fileName: string): Promise<void> {
  const _t = studioT();
  const parsed = parsePromptSet(text, fileName);
  if (!parsed.ok) return notify("error", (m) => m.importFailed(parsed.message));
  const db = await appDb();
  if (!db) return notify("error", (m) => m.storageUnavailable);
  const entries = Object.entries(parsed.overrides).map(([promptId, override]) => ({
    promptId,
    name: override.versionName?.trim() || `imported from ${fileName}`.slice(0, 80),
    override,
  }));
  try {
    await importPromptVersions(db, entries);
    if (parsed.judges.length > 0) {
      await saveCustomJudges(db, parsed.judges);
      await loadCustomJudges();
    }
  } catch (error) {
    return notify("error", (m) => m.importFailed(errorText(error)));
  }
  const loaded = await reload();
  const overrides = activeOverridesOf(loaded?.versions ?? [], loaded?.active ?? {});
  const drafts: Record<string, PromptDraft> = {};
  const opened: Record<string, string | null> = {};
  for (const prompt of PROMPTS) {
    drafts[prompt.id] = draftOf(prompt, overrides[prompt.id]);
    opened[prompt.id] = loaded?.active[prompt.id] ?? null;
  }
  // The imported set is the new starting point: every draft is compared with it.
  useStudio.setState({ drafts, opened, baselines: {}, comparison: null });
  notify("info", (m) => m.imported(entries.length, fileName));
}
