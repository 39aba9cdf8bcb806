import type { ScoreOutcome } from "../../result";
import { type RankedTrace, hitsWithin, measures } from "../shared/ranking";
import { explainRanked, scoreRanked } from "../shared/retrieval-metric";

export function scoreIdContextPrecision(trace: RankedTrace): ScoreOutcome {
  return scoreRanked(trace, measures.id_context_precision);
}

export function explainIdContextPrecision(trace: RankedTrace, outcome: ScoreOutcome): string {
  return explainRanked(trace, outcome, () => {
    const hits = hitsWithin(trace, Infinity);
    return `${hits} of the ${trace.retrieved.length} retrieved ids are relevant.`;
  });
}
