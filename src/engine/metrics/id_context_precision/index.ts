import { retrievalMetric } from "../shared/retrieval-metric";
import { idContextPrecisionDisplay } from "./display";
import { explainIdContextPrecision, scoreIdContextPrecision } from "./score";
import { idContextPrecisionTraceFields } from "./trace";

/** ragas's IDBasedContextPrecision: relevant retrieved / retrieved, over all ranks. (DESIGN.md contract 15) */
export const idContextPrecision = retrievalMetric({
  id: "id_context_precision",
  name: "Id context precision",
  ...idContextPrecisionDisplay,
  cutoff: false,
  score: scoreIdContextPrecision,
  explain: explainIdContextPrecision,
  traceFields: idContextPrecisionTraceFields,
});
