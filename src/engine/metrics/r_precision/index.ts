import { retrievalMetric } from "../shared/retrieval-metric";
import { rPrecisionDisplay } from "./display";
import { explainRPrecision, scoreRPrecision } from "./score";
import { rPrecisionTraceFields } from "./trace";

/** Relevant among the first R / R, R the number of relevant ids. (DESIGN.md contract 15) */
export const rPrecision = retrievalMetric({
  id: "r_precision",
  name: "R-precision",
  ...rPrecisionDisplay,
  cutoff: false,
  firstR: true,
  score: scoreRPrecision,
  explain: explainRPrecision,
  traceFields: rPrecisionTraceFields,
});
