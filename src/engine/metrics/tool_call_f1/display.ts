import type { MetricDefinition } from "../definition";
import { pairCounts } from "../shared/tool-call-match";
import type { ToolCallF1Trace } from "./score";

/** Tool call F1 in the UI's words, English and Chinese. */
export const toolCallF1Display: Pick<MetricDefinition<ToolCallF1Trace>, "names" | "descriptions" | "summarize"> = {
  names: { en: "Tool call F1", zh: "工具调用 F1" },
  descriptions: {
    en: "F1 of the calls made against the reference calls, matched one to one in any order.",
    zh: "实际调用与参考调用一一匹配（不计顺序）后的 F1。",
  },
  summarize: ({ pairs }) => {
    const { matched, reference, predicted } = pairCounts(pairs);
    return {
      en: `${matched} matched; precision ${matched}/${predicted}, recall ${matched}/${reference}.`,
      zh: `匹配 ${matched} 个；精确率 ${matched}/${predicted}，召回率 ${matched}/${reference}。`,
    };
  },
};
