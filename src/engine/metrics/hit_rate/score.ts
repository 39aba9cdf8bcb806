import type { ScoreOutcome } from "../../result";
import { type RankedTrace, firstRelevantWithin, measures } from "../shared/ranking";
import { explainRanked, scoreRanked } from "../shared/retrieval-metric";

export function scoreHitRate(trace: RankedTrace): ScoreOutcome {
  return scoreRanked(trace, measures.hit_rate);
}

export function explainHitRate(trace: RankedTrace, outcome: ScoreOutcome): string {
  return explainRanked(trace, outcome, () => {
    const first = firstRelevantWithin(trace);
    return first ? `A relevant id (${first.id}) is at rank ${first.rank}, within the first ${trace.k}.` : `No relevant id in the first ${trace.k}.`;
  });
}
