import { retrievalMetric } from "../shared/retrieval-metric";
import { mrrDisplay } from "./display";
import { explainMrr, scoreMrr } from "./score";
import { mrrTraceFields } from "./trace";

/** Reciprocal rank: 1 / the rank of the first relevant id within the first k, else 0. (DESIGN.md contract 15) */
export const mrr = retrievalMetric({
  id: "mrr",
  name: "MRR",
  ...mrrDisplay,
  cutoff: true,
  score: scoreMrr,
  explain: explainMrr,
  traceFields: mrrTraceFields,
});
