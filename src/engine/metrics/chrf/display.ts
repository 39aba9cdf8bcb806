import type { MetricDefinition } from "../definition";
import type { ChrfTrace } from "./score";

/** chrF in the UI's words, English and Chinese. */
export const chrfDisplay: Pick<MetricDefinition<ChrfTrace>, "names" | "descriptions" | "summarize"> = {
  names: { en: "chrF", zh: "chrF" },
  descriptions: { en: "Character n-gram F-score of the answer against the reference.", zh: "回答相对参考答案的字符 n 元组 F 值。" },
  // The per-order counts are in the trace view; the line says what the number is.
  summarize: ({ orders }) =>
    orders.length
      ? {
          en: "Character n-gram F-score (beta 2) of the answer against the reference, as sacreBLEU computes it.",
          zh: "回答相对参考答案的字符 n 元组 F 值（beta 为 2），与 sacreBLEU 的计算相同。",
        }
      : undefined,
};
