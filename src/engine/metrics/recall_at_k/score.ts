import type { ScoreOutcome } from "../../result";
import { type RankedTrace, hitsWithin, measures } from "../shared/ranking";
import { explainRanked, scoreRanked } from "../shared/retrieval-metric";

export function scoreRecallAtK(trace: RankedTrace): ScoreOutcome {
  return scoreRanked(trace, measures.recall_at_k);
}

export function explainRecallAtK(trace: RankedTrace, outcome: ScoreOutcome): string {
  return explainRanked(trace, outcome, () => {
    const hits = hitsWithin(trace, trace.k ?? Infinity);
    return `${hits} of the ${trace.relevantCount} relevant ids are in the first ${trace.k} ranks.`;
  });
}
