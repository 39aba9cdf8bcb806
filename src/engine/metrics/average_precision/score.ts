import type { ScoreOutcome } from "../../result";
import { type RankedTrace, hitsWithin, measures } from "../shared/ranking";
import { explainRanked, scoreRanked } from "../shared/retrieval-metric";

export function scoreAveragePrecision(trace: RankedTrace): ScoreOutcome {
  return scoreRanked(trace, measures.average_precision);
}

export function explainAveragePrecision(trace: RankedTrace, outcome: ScoreOutcome): string {
  return explainRanked(trace, outcome, () => {
    const hits = hitsWithin(trace, trace.k ?? Infinity);
    return `Precision at each of the ${hits} relevant ranks within the first ${trace.k}, summed and divided by R = ${trace.relevantCount}.`;
  });
}
