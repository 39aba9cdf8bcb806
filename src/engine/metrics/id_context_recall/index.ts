import { retrievalMetric } from "../shared/retrieval-metric";
import { idContextRecallDisplay } from "./display";
import { explainIdContextRecall, scoreIdContextRecall } from "./score";
import { idContextRecallTraceFields } from "./trace";

/** ragas's IDBasedContextRecall: relevant retrieved / R (every relevant id, retrieved or not). (DESIGN.md contract 15) */
export const idContextRecall = retrievalMetric({
  id: "id_context_recall",
  name: "Id context recall",
  ...idContextRecallDisplay,
  cutoff: false,
  score: scoreIdContextRecall,
  explain: explainIdContextRecall,
  traceFields: idContextRecallTraceFields,
});
