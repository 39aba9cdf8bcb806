import type { Localized, MetricDefinition, TraceDiffSpec } from "../definition";
import { countWhere } from "../shared/display";
import type { ContextPrecisionTrace } from "./score";

/** A context's usefulness, item by item: the same diff for context precision and context utilization. */
export const contextVerdictDiff: TraceDiffSpec<ContextPrecisionTrace> = {
  valueKind: "flag",
  flagNames: { en: ["not useful", "useful"], zh: ["无用", "有用"] },
  itemsAreContexts: true,
  items: (trace) =>
    trace.contexts.map((c) => ({
      key: `#${c.index}`,
      text: `#${c.index + 1}`,
      value: c.verdict,
      context: c.index + 1,
      ...(c.reason ? { reason: c.reason } : {}),
    })),
};

/** "useful of total contexts help reach X": X is the reference (precision) or the answer (utilization). */
export function usefulContextsSummary(
  trace: ContextPrecisionTrace,
  words: { none: (total: number) => Localized; some: (useful: number, total: number) => Localized },
): Localized | undefined {
  const total = trace.contexts.length;
  if (!total) return undefined;
  const useful = countWhere(trace.contexts, (c) => c.verdict === 1);
  return useful === 0 ? words.none(total) : words.some(useful, total);
}

/** Context precision in the UI's words, English and Chinese. */
export const contextPrecisionDisplay: Pick<MetricDefinition<ContextPrecisionTrace>, "names" | "descriptions" | "summarize" | "traceDiff"> = {
  names: { en: "Context precision", zh: "上下文精确率" },
  descriptions: { en: "Whether the contexts that help reach the reference are ranked first.", zh: "有助于得出参考答案的上下文是否排在前面。" },
  summarize: (trace) =>
    usefulContextsSummary(trace, {
      none: (total) => ({ en: `None of the ${total} contexts helps reach the reference.`, zh: `${total} 段上下文都无助于得出参考答案。` }),
      some: (useful, total) => ({
        en: `${useful} of ${total} contexts help reach the reference; useful contexts ranked lower pull the score down.`,
        zh: `${total} 段上下文中有 ${useful} 段有助于得出参考答案；有用的上下文排得越靠后，分数越低。`,
      }),
    }),
  traceDiff: contextVerdictDiff,
};
