import type { MetricDefinition } from "../definition";
import type { StringSimilarityTrace } from "./score";

/** String similarity in the UI's words, English and Chinese. */
export const stringSimilarityDisplay: Pick<MetricDefinition<StringSimilarityTrace>, "names" | "descriptions" | "summarize"> = {
  names: { en: "String similarity", zh: "字符串相似度" },
  descriptions: {
    en: "One minus the character edit distance, relative to the longer text.",
    zh: "1 减去字符编辑距离与较长文本长度之比。",
  },
  summarize({ distance, answerLength, referenceLength }) {
    const longest = Math.max(answerLength, referenceLength);
    return {
      en: `${distance} character edits turn the answer into the reference (the longer text has ${longest} characters).`,
      zh: `把回答改成参考答案需要 ${distance} 次字符编辑（较长的文本有 ${longest} 个字符）。`,
    };
  },
};
