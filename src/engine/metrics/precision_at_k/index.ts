import { retrievalMetric } from "../shared/retrieval-metric";
import { precisionAtKDisplay } from "./display";
import { explainPrecisionAtK, scorePrecisionAtK } from "./score";
import { precisionAtKTraceFields } from "./trace";

/** Relevant among the first k / k, dividing by k even when fewer than k were retrieved. (DESIGN.md contract 15) */
export const precisionAtK = retrievalMetric({
  id: "precision_at_k",
  name: "Precision@k",
  ...precisionAtKDisplay,
  cutoff: true,
  score: scorePrecisionAtK,
  explain: explainPrecisionAtK,
  traceFields: precisionAtKTraceFields,
});
