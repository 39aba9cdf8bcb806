import { textMetric } from "../shared/text-metric";
import { explainBleu, scoreBleu, type BleuTrace } from "./score";
import { bleuTrace } from "./sentence";

/** sacreBLEU's sentence_bleu with its defaults (13a, exp smoothing, effective order), / 100; `zh` tokens for Chinese. */
export const bleu = textMetric<BleuTrace>({
  id: "bleu",
  name: "BLEU",
  trace: (answer, reference) => bleuTrace(answer, reference),
  score: scoreBleu,
  explain: explainBleu,
});
