import { contextVerdictDiff, usefulContextsSummary } from "../context_precision/display";
import type { ContextPrecisionTrace } from "../context_precision/score";
import type { MetricDefinition } from "../definition";

/** Context utilization in the UI's words: context precision's, judged against the answer (no reference). */
export const contextUtilizationDisplay: Pick<MetricDefinition<ContextPrecisionTrace>, "names" | "descriptions" | "summarize" | "traceDiff"> = {
  names: { en: "Context utilization", zh: "上下文利用率" },
  descriptions: { en: "Whether the contexts that help reach the answer are ranked first.", zh: "有助于得出回答的上下文是否排在前面。" },
  summarize: (trace) =>
    usefulContextsSummary(trace, {
      none: (total) => ({ en: `None of the ${total} contexts helps reach the answer.`, zh: `${total} 段上下文都无助于得出回答。` }),
      some: (useful, total) => ({
        en: `${useful} of ${total} contexts help reach the answer; useful contexts ranked lower pull the score down.`,
        zh: `${total} 段上下文中有 ${useful} 段有助于得出回答；有用的上下文排得越靠后，分数越低。`,
      }),
    }),
  traceDiff: contextVerdictDiff,
};
