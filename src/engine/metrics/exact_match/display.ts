import type { MetricDefinition } from "../definition";
import type { ExactMatchTrace } from "./score";

/** Exact match in the UI's words, English and Chinese. */
export const exactMatchDisplay: Pick<MetricDefinition<ExactMatchTrace>, "names" | "descriptions" | "summarize"> = {
  names: { en: "Exact match", zh: "完全匹配" },
  descriptions: { en: "1 when the answer equals the reference exactly, else 0.", zh: "回答与参考答案完全相同时为 1，否则为 0。" },
  summarize: ({ match }) =>
    match === 1
      ? { en: "The answer equals the reference exactly.", zh: "回答与参考答案完全相同。" }
      : { en: "The answer is not exactly the reference (case, spaces and punctuation count).", zh: "回答与参考答案不完全相同（大小写、空格和标点都计入）。" },
};
