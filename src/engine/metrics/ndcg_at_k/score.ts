import type { ScoreOutcome } from "../../result";
import { type RankedTrace, dcgAt, idealDcgAt, measures } from "../shared/ranking";
import { explainRanked, scoreRanked } from "../shared/retrieval-metric";

export function scoreNdcgAtK(trace: RankedTrace): ScoreOutcome {
  return scoreRanked(trace, measures.ndcg_at_k);
}

export function explainNdcgAtK(trace: RankedTrace, outcome: ScoreOutcome): string {
  return explainRanked(trace, outcome, () => {
    const k = trace.k ?? Infinity;
    return `DCG ${dcgAt(trace, k).toFixed(3)} of an ideal ${idealDcgAt(trace, k).toFixed(3)} over the first ${trace.k} ranks (${trace.relevantCount} relevant ids).`;
  });
}
