import { scored, unscored, type CallRecord, type ScoreOutcome } from "../../result";

export interface ContextEntityRecallTrace {
  referenceEntities: string[];
  contextEntities: string[];
  calls: CallRecord[];
}

/** The form two entities are compared in: NFKC, case folded, whitespace collapsed ("Ｐａｒｉｓ" = "paris" = " PARIS "). */
export function entityKey(entity: string): string {
  return entity.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim();
}

/** The reference's entities (distinct after normalising) that the contexts also name. */
function matchedEntities(trace: Pick<ContextEntityRecallTrace, "referenceEntities" | "contextEntities">): { reference: string[]; matched: string[] } {
  const inContexts = new Set(trace.contextEntities.map(entityKey));
  const reference = [...new Set(trace.referenceEntities.map(entityKey))].filter((k) => k !== "");
  return { reference, matched: reference.filter((k) => inContexts.has(k)) };
}

/** Matched reference entities / reference entities (each counted once); none: undetermined. */
export function scoreContextEntityRecall(trace: Pick<ContextEntityRecallTrace, "referenceEntities" | "contextEntities">): ScoreOutcome {
  const { reference, matched } = matchedEntities(trace);
  if (reference.length === 0) return unscored("no_entities", "the reference names no entity to look for in the contexts");
  return scored(matched.length / reference.length);
}

export function explainContextEntityRecall(trace: ContextEntityRecallTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const { reference, matched } = matchedEntities(trace);
  const missing = reference.filter((k) => !matched.includes(k));
  const head = `${matched.length} of ${reference.length} entities of the reference are named in the contexts`;
  return missing.length === 0 ? `${head}.` : `${head}; missing: ${missing.join(", ")}.`;
}
