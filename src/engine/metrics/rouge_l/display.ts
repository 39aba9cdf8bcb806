import type { MetricDefinition } from "../definition";
import type { RougeLTrace } from "./score";

/** ROUGE-L in the UI's words, English and Chinese: a subsequence (gaps allowed), never a "run". */
export const rougeLDisplay: Pick<MetricDefinition<RougeLTrace>, "names" | "descriptions" | "summarize"> = {
  names: { en: "ROUGE-L", zh: "ROUGE-L" },
  descriptions: {
    en: "F-score of the longest common token subsequence of the answer and the reference.",
    zh: "回答与参考答案的最长公共词元子序列的 F 值。",
  },
  summarize: ({ lcs, answerTokens, referenceTokens }) => ({
    en: `The longest common subsequence of the two token lists (in order, gaps allowed) is ${lcs} tokens long (answer ${answerTokens.length} tokens, reference ${referenceTokens.length}).`,
    zh: `两个词元列表的最长公共子序列（保持顺序，可不相邻）长 ${lcs} 个词元（回答 ${answerTokens.length} 个词元，参考答案 ${referenceTokens.length} 个）。`,
  }),
};
