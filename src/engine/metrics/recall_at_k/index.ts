import { retrievalMetric } from "../shared/retrieval-metric";
import { recallAtKDisplay } from "./display";
import { explainRecallAtK, scoreRecallAtK } from "./score";
import { recallAtKTraceFields } from "./trace";

/** Relevant among the first k / R: how much of what is relevant the first k hold (not a hit flag). (DESIGN.md contract 15) */
export const recallAtK = retrievalMetric({
  id: "recall_at_k",
  name: "Recall@k",
  ...recallAtKDisplay,
  cutoff: true,
  score: scoreRecallAtK,
  explain: explainRecallAtK,
  traceFields: recallAtKTraceFields,
});
