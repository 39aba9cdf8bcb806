import { rougeLDisplay } from "./display";
import { textMetric } from "../shared/text-metric";
import { explainRougeL, lcsLength, scoreRougeL, type RougeLTrace } from "./score";
import { rougeLTraceFields } from "./trace";

/** rouge-score's rougeL F-measure with use_stemmer=True; each CJK character a token. */
export const rougeL = textMetric<RougeLTrace>({
  id: "rouge_l",
  name: "ROUGE-L",
  ...rougeLDisplay,
  async trace(answer, reference) {
    // The tokenizer and the Porter stemmer load on first use.
    const { rougeTokens } = await import("./tokenize");
    const answerTokens = rougeTokens(answer);
    const referenceTokens = rougeTokens(reference);
    return { answerTokens, referenceTokens, lcs: lcsLength(referenceTokens, answerTokens) };
  },
  score: scoreRougeL,
  explain: explainRougeL,
  traceFields: rougeLTraceFields,
  traceItems: "tokens and LCS length",
});
