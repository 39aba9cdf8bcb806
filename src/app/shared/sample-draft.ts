import type { Sample } from "../../engine";
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
  if (retrieved.length > 0 || relevant.length > 0) {
    sample.retrievedContextIds = retrieved;
    sample.referenceContextIds = relevant;
  }
  // A pasted conversation and its reference calls (contract 16), when they parse.
  Object.assign(sample, conversationOfDraft(draft).fields);
  return sample;
}

/** One id per line or comma-separated, blanks dropped, order kept (it is the rank). */
function idsOf(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[\n,]/)
    .map((id) => id.trim())
    .filter((id) => id !== "");
}

const sameIds = (a: readonly string[] | undefined, b: readonly string[] | undefined) => (a ?? []).join("\n") === (b ?? []).join("\n");

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
    !draft.conversation?.trim() &&
    !draft.referenceToolCalls?.trim()
  );
}
