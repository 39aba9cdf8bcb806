import type { MetricDefinition } from "../definition";
import { countWhere, diffKey } from "../shared/display";
import type { ContextRelevanceTrace } from "./score";

/** Context relevance in the UI's words, English and Chinese. */
export const contextRelevanceDisplay: Pick<MetricDefinition<ContextRelevanceTrace>, "names" | "descriptions" | "summarize" | "traceDiff"> = {
  names: { en: "Context relevance", zh: "上下文相关性" },
  descriptions: { en: "Share of the context sentences needed to answer the question.", zh: "上下文中回答问题所需的句子占多少。" },
  summarize({ sentences }) {
    if (!sentences.length) return undefined;
    const needed = countWhere(sentences, (s) => s.relevant === 1);
    const total = sentences.length;
    return {
      en: `${needed} of ${total} sentences in the contexts are needed to answer the question.`,
      zh: `上下文中的 ${total} 个句子有 ${needed} 个是回答问题所需的。`,
    };
  },
  traceDiff: {
    valueKind: "flag",
    flagNames: { en: ["not needed", "needed"], zh: ["不需要", "需要"] },
    // The same sentence in two contexts is two items.
    items: (trace) => trace.sentences.map((s) => ({ key: `${s.context}:${diffKey(s.text)}`, text: s.text, value: s.relevant, context: s.context + 1 })),
  },
};
