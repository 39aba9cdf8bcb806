import { retrievalMetric } from "../shared/retrieval-metric";
import { averagePrecisionDisplay } from "./display";
import { explainAveragePrecision, scoreAveragePrecision } from "./score";
import { averagePrecisionTraceFields } from "./trace";

/** Precision@r summed over the relevant ranks r <= k, divided by R (trec_eval's AP with a cutoff). (DESIGN.md contract 15) */
export const averagePrecision = retrievalMetric({
  id: "average_precision",
  name: "Average precision",
  ...averagePrecisionDisplay,
  cutoff: true,
  score: scoreAveragePrecision,
  explain: explainAveragePrecision,
  traceFields: averagePrecisionTraceFields,
});
