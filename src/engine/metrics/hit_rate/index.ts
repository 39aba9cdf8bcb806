import { retrievalMetric } from "../shared/retrieval-metric";
import { hitRateDisplay } from "./display";
import { explainHitRate, scoreHitRate } from "./score";
import { hitRateTraceFields } from "./trace";

/** 1 when a relevant id is among the first k, else 0. (DESIGN.md contract 15) */
export const hitRate = retrievalMetric({
  id: "hit_rate",
  name: "Hit rate",
  ...hitRateDisplay,
  cutoff: true,
  score: scoreHitRate,
  explain: explainHitRate,
  traceFields: hitRateTraceFields,
});
