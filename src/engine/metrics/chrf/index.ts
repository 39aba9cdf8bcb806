import { chrfDisplay } from "./display";
import { textMetric } from "../shared/text-metric";
import { CHRF_DEFAULTS, chrfOrders, explainChrf, scoreChrf, type ChrfTrace } from "./score";
import { chrfTraceFields } from "./trace";

/** sacreBLEU's sentence_chrf with its defaults (char order 6, word order 0, beta 2), / 100. */
export const chrf = textMetric<ChrfTrace>({
  id: "chrf",
  name: "chrF",
  ...chrfDisplay,
  trace: (answer, reference) => ({ beta: CHRF_DEFAULTS.beta, orders: chrfOrders(answer, reference) }),
  score: scoreChrf,
  explain: explainChrf,
  traceFields: chrfTraceFields,
  traceItems: "character n-gram counts",
});
