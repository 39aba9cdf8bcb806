import type { ScoreOutcome } from "../../result";
import { type RankedTrace, firstRelevantWithin, measures } from "../shared/ranking";
import { explainRanked, scoreRanked } from "../shared/retrieval-metric";

export function scoreMrr(trace: RankedTrace): ScoreOutcome {
  return scoreRanked(trace, measures.mrr);
}

export function explainMrr(trace: RankedTrace, outcome: ScoreOutcome): string {
  return explainRanked(trace, outcome, () => {
    const first = firstRelevantWithin(trace);
    return first ? `The first relevant id (${first.id}) is at rank ${first.rank}: 1/${first.rank}.` : `No relevant id in the first ${trace.k}, so 0.`;
  });
}
