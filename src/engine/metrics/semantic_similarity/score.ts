import { scored, type CallRecord, type ScoreOutcome } from "../../result";

export interface SemanticSimilarityTrace {
  /** Raw cosine of the answer's and the reference's embeddings; can be negative. */
  similarity: number;
  calls: CallRecord[];
}

/** clamp(similarity, 0, 1): a negative cosine means unrelated, not "less than nothing". */
export function scoreSemanticSimilarity(trace: Pick<SemanticSimilarityTrace, "similarity">): ScoreOutcome {
  return scored(Math.min(1, Math.max(0, trace.similarity)));
}

export function explainSemanticSimilarity(trace: SemanticSimilarityTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  return `The answer's and the reference's embeddings have a cosine similarity of ${trace.similarity.toFixed(3)}${trace.similarity < 0 ? " (below 0: scored 0)" : ""}.`;
}
