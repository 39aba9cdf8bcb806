import { scored, unscored, type CallRecord, type ScoreOutcome } from "../../result";
import type { CheckedStatement } from "../answer_correctness/score";

export type FactualMode = "f1" | "precision" | "recall";
export type Level = "low" | "high";

export interface FactualCorrectnessTrace {
  mode: FactualMode;
  beta: number;
  atomicity: Level;
  coverage: Level;
  /** The answer's claims checked against the reference (precision); empty in recall mode. */
  claims: CheckedStatement[];
  /** The reference's claims checked against the answer (recall); empty in precision mode. */
  referenceClaims: CheckedStatement[];
  calls: CallRecord[];
}

const share = (items: readonly CheckedStatement[]) => (items.length === 0 ? null : items.filter((c) => c.verdict === 1).length / items.length);

/** (1 + b^2) P R / (b^2 P + R); 0 when P = R = 0. */
export function fBeta(precision: number, recall: number, beta: number): number {
  const b2 = beta * beta;
  const denominator = b2 * precision + recall;
  return denominator === 0 ? 0 : ((1 + b2) * precision * recall) / denominator;
}

/**
 * Precision over the answer's claims, recall over the reference's claims, each on its own claim
 * set (ragas mixes the two in recall and F1: #1964, #2693). A side with no claim leaves its own
 * share undetermined: an answer with no claim (a refusal) has no precision, so precision and F
 * are null `no_statements` (contract 3: never a silent 0), as faithfulness treats a refusal; a
 * reference with no claim leaves recall and F undetermined. Recall of a refusal is a real 0.
 */
export function scoreFactualCorrectness(trace: Pick<FactualCorrectnessTrace, "mode" | "beta" | "claims" | "referenceClaims">): ScoreOutcome {
  const precision = share(trace.claims);
  const recall = share(trace.referenceClaims);
  const noAnswerClaim = () => unscored("no_statements", "the answer makes no claim that could be checked");
  const noReferenceClaim = () => unscored("no_statements", "the reference makes no claim that could be checked");
  if (trace.mode === "precision") return precision === null ? noAnswerClaim() : scored(precision);
  if (trace.mode === "recall") return recall === null ? noReferenceClaim() : scored(recall);
  if (precision === null && recall === null) return unscored("no_statements", "neither the answer nor the reference makes a claim that could be checked");
  if (precision === null) return noAnswerClaim();
  if (recall === null) return noReferenceClaim();
  if (!(trace.beta > 0)) return unscored("internal_error", `beta must be positive, got ${trace.beta}`);
  return scored(fBeta(precision, recall, trace.beta));
}

export function explainFactualCorrectness(trace: FactualCorrectnessTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const parts: string[] = [];
  if (trace.mode !== "recall")
    parts.push(`${trace.claims.filter((c) => c.verdict === 1).length} of ${trace.claims.length} answer claims are supported by the reference`);
  if (trace.mode !== "precision") {
    parts.push(`${trace.referenceClaims.filter((c) => c.verdict === 1).length} of ${trace.referenceClaims.length} reference claims are in the answer`);
  }
  const wrong = trace.claims.filter((c) => c.verdict === 0).map((c) => `"${c.text}"`);
  return `${parts.join("; ")}${wrong.length ? `; unsupported: ${wrong.join("; ")}` : ""}.`;
}
