import { bleuDisplay } from "./display";
import { textMetric } from "../shared/text-metric";
import { explainBleu, scoreBleu, type BleuTrace } from "./score";
import { bleuTraceFields } from "./trace";

/** sacreBLEU's sentence_bleu with its defaults (13a, exp smoothing, effective order), / 100; `zh` tokens for Chinese. */
export const bleu = textMetric<BleuTrace>({
  id: "bleu",
  name: "BLEU",
  ...bleuDisplay,
  // The tokenizers load on first use (the score and its recomputation need only the tokens).
  trace: async (answer, reference) => (await import("./sentence")).bleuTrace(answer, reference),
  score: scoreBleu,
  explain: explainBleu,
  traceFields: bleuTraceFields,
  traceItems: "tokens",
});
