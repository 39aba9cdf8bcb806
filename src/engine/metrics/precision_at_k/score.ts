import type { ScoreOutcome } from "../../result";
import { type RankedTrace, hitsWithin, measures } from "../shared/ranking";
import { explainRanked, scoreRanked } from "../shared/retrieval-metric";

export function scorePrecisionAtK(trace: RankedTrace): ScoreOutcome {
  return scoreRanked(trace, measures.precision_at_k);
}

export function explainPrecisionAtK(trace: RankedTrace, outcome: ScoreOutcome): string {
  return explainRanked(trace, outcome, () => {
    const hits = hitsWithin(trace, trace.k ?? Infinity);
    return `${hits} relevant in the first ${trace.k} ranks (${trace.retrieved.length} retrieved), divided by k = ${trace.k}.`;
  });
}
