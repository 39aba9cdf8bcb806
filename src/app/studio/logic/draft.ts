import { canonicalJson, resolvePrompt, validatePrompt, type PromptDef, type PromptExample, type PromptOverride } from "../../../engine";
import { checkExamplesText, type TextIssue } from "./examples-check";

/**
 * A prompt as the studio edits it: three texts. The examples stay text (not parsed JSON) while
 * they are edited, because half-typed JSON is the normal state of an editor.
 */
export interface PromptDraft {
  instruction: string;
  inputTemplate: string;
  examplesText: string;
}

export type DraftField = keyof PromptDraft;

export const DRAFT_FIELDS: readonly DraftField[] = ["instruction", "inputTemplate", "examplesText"];

export interface DraftIssue {
  field: DraftField;
  message: string;
  severity: "error" | "warning";
  /** Character range in that field's text; absent = the problem concerns the field as a whole. */
  start?: number;
  end?: number;
}

export interface DraftCheck {
  /** What the engine would run with (only the fields that differ from the default); undefined while there are errors. */
  override: PromptOverride | undefined;
  /** The prompt hash the judge calls would carry; undefined while there are errors. */
  hash: string | undefined;
  issues: DraftIssue[];
  /** True when nothing differs from the built-in default. */
  isDefault: boolean;
}

export function examplesToText(examples: readonly PromptExample[]): string {
  return JSON.stringify(examples, null, 2);
}

/** The draft of a prompt as the engine would run it with this override (none: the default). */
export function draftOf(base: PromptDef, override?: PromptOverride): PromptDraft {
  const p = resolvePrompt(base, override);
  return { instruction: p.instruction, inputTemplate: p.inputTemplate, examplesText: examplesToText(p.examples) };
}

export function sameDraft(a: PromptDraft, b: PromptDraft): boolean {
  return a.instruction === b.instruction && a.inputTemplate === b.inputTemplate && a.examplesText === b.examplesText;
}

/**
 * Everything wrong with a draft, each problem placed in its field: the engine's own validation
 * (validatePrompt: unknown or missing {{variables}}, an empty instruction) plus the examples
 * check with exact positions. An error here is exactly what would make the engine refuse to
 * score with the prompt ("invalid_prompt"), so the studio refuses first, with the same reason.
 */
export function checkDraft(base: PromptDef, draft: PromptDraft): DraftCheck {
  const examplesCheck = checkExamplesText(draft.examplesText, base);
  const issues: DraftIssue[] = examplesCheck.issues.map((i: TextIssue) => ({ ...i, field: "examplesText" as const }));
  const candidate: PromptOverride = {
    instruction: draft.instruction,
    inputTemplate: draft.inputTemplate,
    examples: examplesCheck.examples ?? base.examples,
  };
  for (const issue of validatePrompt(resolvePrompt(base, candidate))) {
    // Examples that failed the check above were replaced by the defaults (which pass), so an
    // examples issue here would only mean the two checks disagree: shown rather than hidden.
    const field: DraftField = issue.where === "examples" ? "examplesText" : issue.where;
    const out: DraftIssue = { field, message: issue.message, severity: "error" };
    if (issue.start !== undefined && issue.end !== undefined) {
      out.start = issue.start;
      out.end = issue.end;
    }
    issues.push(out);
  }
  const blocked = issues.some((i) => i.severity === "error");
  const override = blocked ? undefined : minimalOverride(base, candidate);
  const hash = override ? resolvePrompt(base, override).hash : undefined;
  return { override, hash, issues, isDefault: override !== undefined && Object.keys(override).length === 0 };
}

/** Only what differs from the default, so an exported prompt set shows just the edits. */
function minimalOverride(base: PromptDef, candidate: PromptOverride): PromptOverride {
  const out: PromptOverride = {};
  if (candidate.instruction !== base.instruction) out.instruction = candidate.instruction;
  if (candidate.inputTemplate !== base.inputTemplate) out.inputTemplate = candidate.inputTemplate;
  if (candidate.examples && canonicalJson(candidate.examples) !== canonicalJson(base.examples)) out.examples = candidate.examples;
  return out;
}

export function hasErrors(issues: readonly DraftIssue[], field?: DraftField): boolean {
  return issues.some((i) => i.severity === "error" && (field === undefined || i.field === field));
}
