import { scored, type CallRecord, type ScoreOutcome } from "../../result";

interface GeneratedQuestion {
  text: string;
  noncommittal: 0 | 1;
  /** Raw cosine with the user's question; can be negative. */
  similarity: number;
}

export interface AnswerRelevancyTrace {
  questions: GeneratedQuestion[];
  calls: CallRecord[];
}

/** Mean similarity of the generated questions to the asked one, clamped to [0, 1]; 0 when every one is noncommittal. */
export function scoreAnswerRelevancy(trace: Pick<AnswerRelevancyTrace, "questions">): ScoreOutcome {
  const qs = trace.questions;
  if (qs.length === 0 || qs.every((q) => q.noncommittal === 1)) return scored(0);
  return scored(qs.reduce((sum, q) => sum + q.similarity, 0) / qs.length);
}

export function explainAnswerRelevancy(trace: AnswerRelevancyTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const qs = trace.questions;
  if (qs.length > 0 && qs.every((q) => q.noncommittal === 1)) return "The answer is noncommittal: it avoids answering, so it scores 0.";
  const mean = qs.reduce((sum, q) => sum + q.similarity, 0) / qs.length;
  const evasive = qs.filter((q) => q.noncommittal === 1).length;
  return `The ${qs.length} questions implied by the answer have a mean similarity of ${mean.toFixed(2)} to the question asked${evasive ? ` (${evasive} marked noncommittal)` : ""}.`;
}
