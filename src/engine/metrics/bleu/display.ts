import type { MetricDefinition } from "../definition";
import type { BleuTrace } from "./score";

/** BLEU in the UI's words, English and Chinese. */
export const bleuDisplay: Pick<MetricDefinition<BleuTrace>, "names" | "descriptions" | "summarize"> = {
  names: { en: "BLEU", zh: "BLEU" },
  descriptions: { en: "sacreBLEU's sentence BLEU of the answer against the reference.", zh: "回答相对参考答案的 sacreBLEU 句子级 BLEU。" },
  summarize({ answerTokens, matches, brevityPenalty }) {
    if (!answerTokens.length) return undefined;
    // matches[0]: the answer's unigrams found in the reference (clipped).
    const unigrams = matches[0]!;
    const total = answerTokens.length;
    const bp = brevityPenalty.toFixed(3);
    return {
      en: `${unigrams} of the answer's ${total} tokens occur in the reference; brevity penalty ${bp} (sacreBLEU sentence BLEU).`,
      zh: `回答的 ${total} 个词元中有 ${unigrams} 个出现在参考答案中；长度惩罚 ${bp}（sacreBLEU 句子级 BLEU）。`,
    };
  },
};
