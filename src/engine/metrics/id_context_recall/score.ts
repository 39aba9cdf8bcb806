import type { ScoreOutcome } from "../../result";
import { type RankedTrace, hitsWithin, measures } from "../shared/ranking";
import { explainRanked, scoreRanked } from "../shared/retrieval-metric";

export function scoreIdContextRecall(trace: RankedTrace): ScoreOutcome {
  return scoreRanked(trace, measures.id_context_recall);
}

export function explainIdContextRecall(trace: RankedTrace, outcome: ScoreOutcome): string {
  return explainRanked(trace, outcome, () => {
    const hits = hitsWithin(trace, Infinity);
    return `${hits} of the ${trace.relevantCount} relevant ids were retrieved.`;
  });
}
