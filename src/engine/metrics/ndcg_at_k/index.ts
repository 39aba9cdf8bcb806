import { retrievalMetric } from "../shared/retrieval-metric";
import { ndcgAtKDisplay } from "./display";
import { explainNdcgAtK, scoreNdcgAtK } from "./score";
import { ndcgAtKTraceFields } from "./trace";

/** DCG / IDCG over the first k, gain / log2(rank + 1); the ideal is the relevant ids' own gains, best first. (DESIGN.md contract 15) */
export const ndcgAtK = retrievalMetric({
  id: "ndcg_at_k",
  name: "NDCG@k",
  ...ndcgAtKDisplay,
  cutoff: true,
  score: scoreNdcgAtK,
  explain: explainNdcgAtK,
  traceFields: ndcgAtKTraceFields,
});
