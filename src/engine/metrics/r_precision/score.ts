import type { ScoreOutcome } from "../../result";
import { type RankedTrace, hitsWithin, measures } from "../shared/ranking";
import { explainRanked, scoreRanked } from "../shared/retrieval-metric";

export function scoreRPrecision(trace: RankedTrace): ScoreOutcome {
  return scoreRanked(trace, measures.r_precision);
}

export function explainRPrecision(trace: RankedTrace, outcome: ScoreOutcome): string {
  return explainRanked(trace, outcome, () => {
    const hits = hitsWithin(trace, trace.relevantCount);
    return `${hits} of the first R = ${trace.relevantCount} retrieved ids are relevant.`;
  });
}
