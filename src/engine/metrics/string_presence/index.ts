import { stringPresenceDisplay } from "./display";
import { textMetric } from "../shared/text-metric";
import { explainStringPresence, scoreStringPresence, stringPresenceTrace, type StringPresenceTrace } from "./score";
import { stringPresenceTraceFields } from "./trace";

/** ragas's StringPresence: float(reference in response), no normalisation. */
export const stringPresence = textMetric<StringPresenceTrace>({
  id: "string_presence",
  name: "String presence",
  ...stringPresenceDisplay,
  trace: stringPresenceTrace,
  score: scoreStringPresence,
  explain: explainStringPresence,
  traceFields: stringPresenceTraceFields,
  traceItems: "presence flag",
});
