import type { MetricDefinition } from "../definition";
import { countWhere, textDiffItems } from "../shared/display";
import type { ContextRecallTrace } from "./score";

/** Context recall in the UI's words, English and Chinese. */
export const contextRecallDisplay: Pick<MetricDefinition<ContextRecallTrace>, "names" | "descriptions" | "summarize" | "traceDiff"> = {
  names: { en: "Context recall", zh: "上下文召回率" },
  descriptions: { en: "Share of the reference's statements found in the contexts.", zh: "参考答案中的陈述有多少能在上下文中找到。" },
  summarize({ statements }) {
    if (!statements.length) return undefined;
    const found = countWhere(statements, (s) => s.attributed === 1);
    const total = statements.length;
    return {
      en: `${found} of ${total} statements in the reference are found in the contexts.`,
      zh: `参考答案中的 ${total} 条陈述有 ${found} 条能在上下文中找到。`,
    };
  },
  traceDiff: {
    valueKind: "flag",
    flagNames: { en: ["not attributed", "attributed"], zh: ["未归因", "已归因"] },
    items: (trace) =>
      textDiffItems(
        trace.statements,
        (s) => s.attributed,
        (s) => s.reason,
      ),
  },
};
