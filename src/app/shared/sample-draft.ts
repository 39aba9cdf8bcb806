import type { Sample } from "../../engine";
import type { UnparsedDraft } from "../../storage/db/session";
import { parseGradesText } from "./grades-text";
import { conversationOfDraft } from "./conversation-draft";
import type { SampleDraft } from "./store";

/** The sample the engine sees: empty contexts dropped, an empty reference left out. */
export function draftToSample(draft: SampleDraft, id: string): Sample {
  const sample: Sample = {
    id,
    question: draft.question,
    answer: draft.answer,
    contexts: draft.contexts.map((c) => c.text).filter((text) => text.trim() !== ""),
  };
  if (draft.reference.trim() !== "") sample.reference = draft.reference;
  // Typed ids go in only when some are typed: no ids is "not given" (the id metrics say so), not an empty ranking.
  const retrieved = idsOf(draft.retrievedIds);
  const relevant = idsOf(draft.relevantIds);
  // Grades that do not parse are left out here; Score refuses them with the field's problem (gradesProblemOf).
  const graded = parseGradesText(draft.relevantGrades);
  const grades = graded.ok && Object.keys(graded.grades).length > 0 ? graded.grades : undefined;
  if (retrieved.length > 0 || relevant.length > 0 || grades) {
    sample.retrievedContextIds = retrieved;
    sample.referenceContextIds = relevant;
  }
  if (grades) sample.referenceContextGrades = grades;
  // A pasted conversation and its reference calls (contract 16), when they parse.
  Object.assign(sample, conversationOfDraft(draft).fields);
  return sample;
}

/**
 * The text of the pasted fields that do not parse, which draftToSample leaves out: the saved
 * session keeps it, so a reload does not lose what was typed.
 */
export function unparsedOfDraft(draft: SampleDraft): UnparsedDraft {
  const out: UnparsedDraft = {};
  const { problems } = conversationOfDraft(draft);
  if (problems.conversation !== undefined && draft.conversation) out.conversation = draft.conversation;
  if (problems.referenceToolCalls !== undefined && draft.referenceToolCalls) out.referenceToolCalls = draft.referenceToolCalls;
  if (draft.relevantGrades?.trim() && !parseGradesText(draft.relevantGrades).ok) out.relevantGrades = draft.relevantGrades;
  return out;
}

/** One id per line or comma-separated, blanks dropped, order kept (it is the rank). */
function idsOf(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[\n,]/)
    .map((id) => id.trim())
    .filter((id) => id !== "");
}

const sameIds = (a: readonly string[] | undefined, b: readonly string[] | undefined) => (a ?? []).join("\n") === (b ?? []).join("\n");
const sameGrades = (a: Sample["referenceContextGrades"], b: Sample["referenceContextGrades"]) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/** Same text in every field (ignoring surrounding whitespace and the id). */
export function sameSample(a: Omit<Sample, "id">, b: Omit<Sample, "id">): boolean {
  const t = (s: string | undefined) => (s ?? "").trim();
  return (
    t(a.question) === t(b.question) &&
    t(a.answer) === t(b.answer) &&
    t(a.reference) === t(b.reference) &&
    a.contexts.length === b.contexts.length &&
    a.contexts.every((c, i) => t(c) === t(b.contexts[i])) &&
    sameIds(a.retrievedContextIds, b.retrievedContextIds) &&
    sameIds(a.referenceContextIds, b.referenceContextIds) &&
    sameGrades(a.referenceContextGrades, b.referenceContextGrades) &&
    JSON.stringify(a.messages ?? null) === JSON.stringify(b.messages ?? null) &&
    JSON.stringify(a.referenceToolCalls ?? null) === JSON.stringify(b.referenceToolCalls ?? null)
  );
}

export function isDraftEmpty(draft: SampleDraft): boolean {
  return (
    !draft.question.trim() &&
    !draft.answer.trim() &&
    !draft.reference.trim() &&
    draft.contexts.every((c) => !c.text.trim()) &&
    !draft.retrievedIds?.trim() &&
    !draft.relevantIds?.trim() &&
    !draft.relevantGrades?.trim() &&
    !draft.conversation?.trim() &&
    !draft.referenceToolCalls?.trim()
  );
}
