import { textMetric } from "../shared/text-metric";
import { explainRougeL, lcsLength, scoreRougeL, type RougeLTrace } from "./score";
import { rougeTokens } from "./tokenize";

/** rouge-score's rougeL F-measure with use_stemmer=True; each CJK character a token. */
export const rougeL = textMetric<RougeLTrace>({
  id: "rouge_l",
  name: "ROUGE-L",
  trace(answer, reference) {
    const answerTokens = rougeTokens(answer);
    const referenceTokens = rougeTokens(reference);
    return { answerTokens, referenceTokens, lcs: lcsLength(referenceTokens, answerTokens) };
  },
  score: scoreRougeL,
  explain: explainRougeL,
});
