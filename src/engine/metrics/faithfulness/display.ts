import type { MetricDefinition } from "../definition";
import { countWhere, textDiffItems } from "../shared/display";
import type { FaithfulnessTrace } from "./score";

/** Faithfulness in the UI's words, English and Chinese. */
export const faithfulnessDisplay: Pick<MetricDefinition<FaithfulnessTrace>, "names" | "descriptions" | "summarize" | "traceDiff"> = {
  names: { en: "Faithfulness", zh: "忠实度" },
  descriptions: { en: "Share of the answer's statements that the contexts support.", zh: "回答中的陈述有多少能得到上下文的支持。" },
  summarize({ statements }) {
    if (!statements.length) return undefined;
    const supported = countWhere(statements, (s) => s.verdict === 1);
    const total = statements.length;
    return {
      en: `${supported} of ${total} statements in the answer are supported by the contexts.`,
      zh: `回答中的 ${total} 条陈述有 ${supported} 条得到上下文支持。`,
    };
  },
  traceDiff: {
    valueKind: "flag",
    flagNames: { en: ["not supported", "supported"], zh: ["不受支持", "受支持"] },
    items: (trace) =>
      textDiffItems(
        trace.statements,
        (s) => s.verdict,
        (s) => s.reason,
      ),
  },
};
