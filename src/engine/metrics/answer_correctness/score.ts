import { scored, unscored, type CallRecord, type ScoreOutcome } from "../../result";

export interface CheckedStatement {
  text: string;
  verdict: 0 | 1;
  reason?: string;
}

export interface AnswerCorrectnessTrace {
  /** The answer's statements: 1 = the reference supports it (TP), 0 = it does not (FP). */
  statements: CheckedStatement[];
  /** The reference's statements: 1 = the answer covers it, 0 = missing from the answer (FN). */
  referenceStatements: CheckedStatement[];
  /** Raw cosine of the answer's and the reference's embeddings; null when the similarity weight is 0 (no request made). */
  similarity: number | null;
  /** [factuality, similarity]. */
  weights: [number, number];
  calls: CallRecord[];
}

export const DEFAULT_WEIGHTS: [number, number] = [0.75, 0.25];

/** TP / (TP + (FP + FN) / 2); 0 when nothing the answer says is supported. */
export function factualityF1(trace: Pick<AnswerCorrectnessTrace, "statements" | "referenceStatements">): number {
  const tp = trace.statements.filter((s) => s.verdict === 1).length;
  const fp = trace.statements.length - tp;
  const fn = trace.referenceStatements.filter((s) => s.verdict === 0).length;
  return tp === 0 ? 0 : tp / (tp + (fp + fn) / 2);
}

/** (w0 F1 + w1 clamp(similarity, 0, 1)) / (w0 + w1). Nothing on either side: undetermined. */
export function scoreAnswerCorrectness(trace: Pick<AnswerCorrectnessTrace, "statements" | "referenceStatements" | "similarity" | "weights">): ScoreOutcome {
  if (trace.statements.length === 0 && trace.referenceStatements.length === 0) {
    return unscored("no_statements", "neither the answer nor the reference makes a statement that could be compared");
  }
  const [w0, w1] = trace.weights;
  if (!(w0 >= 0 && w1 >= 0 && w0 + w1 > 0)) return unscored("internal_error", `invalid weights [${w0}, ${w1}]`);
  if (w1 > 0 && trace.similarity === null) return unscored("missing_input", "the similarity weight is not 0 but the trace has no similarity");
  const similarity = w1 > 0 ? Math.min(1, Math.max(0, trace.similarity!)) : 0;
  return scored((w0 * factualityF1(trace) + w1 * similarity) / (w0 + w1));
}

export function explainAnswerCorrectness(trace: AnswerCorrectnessTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const tp = trace.statements.filter((s) => s.verdict === 1).length;
  const missing = trace.referenceStatements.filter((s) => s.verdict === 0);
  const parts = [
    `${tp} of ${trace.statements.length} answer statements are supported by the reference`,
    `${trace.referenceStatements.length - missing.length} of ${trace.referenceStatements.length} reference statements are covered`,
  ];
  if (trace.weights[1] > 0 && trace.similarity !== null) parts.push(`similarity ${trace.similarity.toFixed(2)}`);
  const head = `${parts.join("; ")} (F1 ${factualityF1(trace).toFixed(2)})`;
  return missing.length === 0 ? `${head}.` : `${head}; missing: ${missing.map((s) => `"${s.text}"`).join("; ")}.`;
}
