import { exactMatchDisplay } from "./display";
import { textMetric } from "../shared/text-metric";
import { exactMatchTrace, explainExactMatch, scoreExactMatch, type ExactMatchTrace } from "./score";
import { exactMatchTraceFields } from "./trace";

/** ragas's ExactMatch: float(reference == response), no normalisation. */
export const exactMatch = textMetric<ExactMatchTrace>({
  id: "exact_match",
  name: "Exact match",
  ...exactMatchDisplay,
  trace: exactMatchTrace,
  score: scoreExactMatch,
  explain: explainExactMatch,
  traceFields: exactMatchTraceFields,
  traceItems: "match flag",
});
