import type { MetricDefinition } from "../definition";
import { pairCounts } from "../shared/tool-call-match";
import type { ToolCallAccuracyTrace } from "./score";

/** Tool call accuracy in the UI's words, English and Chinese. */
export const toolCallAccuracyDisplay: Pick<MetricDefinition<ToolCallAccuracyTrace>, "names" | "descriptions" | "summarize"> = {
  names: { en: "Tool call accuracy", zh: "工具调用准确率" },
  descriptions: {
    en: "Reference tool calls matched by the calls made (same name and arguments), over the longer of the two lists.",
    zh: "被实际调用匹配上的参考工具调用（名称与参数一致）数，除以两份列表中较长者的长度。",
  },
  summarize: ({ pairs }) => {
    const { matched, reference, predicted } = pairCounts(pairs);
    return {
      en: `${matched} of ${reference} reference calls matched; ${predicted} calls made.`,
      zh: `${reference} 个参考调用中匹配 ${matched} 个；实际调用 ${predicted} 个。`,
    };
  },
};
