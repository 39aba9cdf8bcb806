import type { MetricDefinition } from "../definition";
import { countWhere, textDiffItems } from "../shared/display";
import type { ConversationFaithfulnessTrace } from "./score";

/** Conversation faithfulness in the UI's words, English and Chinese. */
export const conversationFaithfulnessDisplay: Pick<MetricDefinition<ConversationFaithfulnessTrace>, "names" | "descriptions" | "summarize" | "traceDiff"> = {
  names: { en: "Conversation faithfulness", zh: "对话忠实度" },
  descriptions: {
    en: "Share of the assistant's statements that the tool results and contexts before them support.",
    zh: "助手的陈述中有多少能得到此前工具结果和上下文的支持。",
  },
  summarize({ turns }) {
    const all = turns.flatMap((t) => t.statements);
    if (!all.length) return undefined;
    const supported = countWhere(all, (s) => s.verdict === 1);
    return {
      en: `${supported} of ${all.length} statements in ${turns.length} assistant turns are supported.`,
      zh: `${turns.length} 个助手轮次中的 ${all.length} 条陈述有 ${supported} 条得到支持。`,
    };
  },
  traceDiff: {
    valueKind: "flag",
    flagNames: { en: ["not supported", "supported"], zh: ["不受支持", "受支持"] },
    items: (trace) =>
      textDiffItems(
        trace.turns.flatMap((t) => t.statements),
        (s) => s.verdict,
        (s) => s.reason,
      ),
  },
};
