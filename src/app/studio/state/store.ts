import { create } from "zustand";
import type { StudioMessages } from "../messages";
import { editablePrompts } from "../../../engine/prompts/catalogue";
import type { MetricId, MetricResult, PromptDef, PromptOverrides, Usage } from "../../../engine";
import { versionOverride, type PromptVersion } from "../../../storage/db/prompt-versions";
import type { DraftField, PromptDraft } from "../logic/draft";
import type { TraceDiff } from "../logic/trace-diff";

/**
 * The studio's own store, in the studio's lazy chunk (the app store only knows which view is
 * open). Drafts are the editors' texts per prompt; versions and the active map mirror IndexedDB
 * and are reloaded from it after every write, so what is shown is what is stored.
 */

export interface ScoreSide {
  result: MetricResult;
  /** The prompt hash of the edited prompt on this side (the call records carry it too). */
  hash: string;
  versionName: string | undefined;
  /** The side ran an unsaved edit (of versionName's version, or of the default). */
  edited: boolean;
  usage: Usage;
  /** Estimated USD; null when a model has no price. */
  usd: number | null;
}

interface Comparison {
  promptId: string;
  metricId: MetricId;
  before: ScoreSide;
  after: ScoreSide;
  diff: TraceDiff;
}

export interface Rescore {
  at: number;
  live: boolean;
  score: number | null;
  code: string | undefined;
  tokens: number;
  usd: number | null;
  cached: boolean;
}

export interface TranslationReview {
  promptId: string;
  language: string;
  before: string;
  after: string;
  tokens: number;
  usd: number | null;
}

export interface Baseline {
  versionId: string | null;
  chosen: boolean;
}

/** A notice is a function of the catalogue: it is written in the language shown, also after a switch. */
export type NoticeText = (t: StudioMessages) => string;
export type Notice = { kind: "info" | "error"; text: NoticeText } | null;

export interface StudioState {
  loaded: boolean;
  storage: boolean;
  selectedId: string;
  field: DraftField;
  diff: boolean;
  drafts: Record<string, PromptDraft>;
  /** The version each draft was opened from (null: the built-in default). */
  opened: Record<string, string | null>;
  versions: PromptVersion[];
  active: Record<string, string>;
  /**
   * What "Score with this version" compares a prompt's draft with, when it is not simply the
   * active version: the version active before the last save (Save version activates what it
   * saves, so comparing with the active one would compare it with itself) or one the user chose
   * in "Compare with" (null: the built-in default). A chosen baseline outlives saves.
   */
  baselines: Record<string, Baseline>;
  notice: Notice;
  busy: "score" | "translate" | null;
  live: boolean;
  comparison: Comparison | null;
  tryNotice: Notice;
  rescores: Rescore[];
  translation: TranslationReview | null;
}

/** The metrics' prompts, then test-set generation's (edited, diffed, versioned and exported alike). */
export const PROMPTS: readonly PromptDef[] = editablePrompts();

export function promptById(id: string): PromptDef {
  const prompt = PROMPTS.find((p) => p.id === id);
  if (!prompt) throw new Error(`unknown prompt ${id}`);
  return prompt;
}

export const useStudio = create<StudioState>()(() => ({
  loaded: false,
  storage: true,
  selectedId: PROMPTS[0]!.id,
  field: "instruction",
  diff: false,
  drafts: {},
  opened: {},
  versions: [],
  active: {},
  baselines: {},
  notice: null,
  busy: null,
  live: false,
  comparison: null,
  tryNotice: null,
  rescores: [],
  translation: null,
}));

/** What scoring runs with: each prompt's active version as an override (with its name). */
export function activeOverridesOf(versions: readonly PromptVersion[], active: Record<string, string>): PromptOverrides {
  const out: PromptOverrides = {};
  for (const [promptId, versionId] of Object.entries(active)) {
    const version = versions.find((v) => v.id === versionId && v.promptId === promptId);
    if (version) out[promptId] = versionOverride(version);
  }
  return out;
}

/** The version (null: the built-in default) a prompt's draft is compared with. */
export function baselineOf(state: Pick<StudioState, "baselines" | "active" | "versions">, promptId: string): string | null {
  const baseline = state.baselines[promptId];
  // A baseline whose version was deleted (here or in another tab) no longer exists: the active one stands in.
  if (baseline && (baseline.versionId === null || state.versions.some((v) => v.id === baseline.versionId))) return baseline.versionId;
  return state.active[promptId] ?? null;
}

/** The prompts scoring the "before" side: the active set with this prompt at its baseline. */
export function baselineOverridesOf(state: Pick<StudioState, "baselines" | "active" | "versions">, promptId: string): PromptOverrides {
  const overrides = activeOverridesOf(state.versions, state.active);
  delete overrides[promptId];
  const versionId = baselineOf(state, promptId);
  const version = state.versions.find((v) => v.id === versionId && v.promptId === promptId);
  if (version) overrides[promptId] = versionOverride(version);
  return overrides;
}

export function setDraftField(promptId: string, field: DraftField, value: string): void {
  useStudio.setState((s) => {
    const draft = s.drafts[promptId];
    if (!draft || draft[field] === value) return {};
    return { drafts: { ...s.drafts, [promptId]: { ...draft, [field]: value } } };
  });
}

export function notify(kind: "info" | "error", text: NoticeText): void {
  useStudio.setState({ notice: { kind, text } });
}
