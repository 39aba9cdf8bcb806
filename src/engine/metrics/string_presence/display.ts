import type { MetricDefinition } from "../definition";
import type { StringPresenceTrace } from "./score";

/** String presence in the UI's words, English and Chinese. */
export const stringPresenceDisplay: Pick<MetricDefinition<StringPresenceTrace>, "names" | "descriptions" | "summarize"> = {
  names: { en: "String presence", zh: "字符串包含" },
  descriptions: { en: "1 when the reference occurs in the answer as written, else 0.", zh: "参考答案原样出现在回答中时为 1，否则为 0。" },
  summarize: ({ present }) =>
    present === 1
      ? { en: "The reference occurs in the answer as written.", zh: "参考答案原样出现在回答中。" }
      : { en: "The reference does not occur in the answer as written.", zh: "参考答案没有原样出现在回答中。" },
};
