import type { MetricDefinition } from "../definition";
import { countWhere } from "../shared/display";
import { type ContextEntityRecallTrace, entityKey } from "./score";

/** Context entity recall in the UI's words, English and Chinese. Entity lists have no per-item verdict: no studio diff. */
export const contextEntityRecallDisplay: Pick<MetricDefinition<ContextEntityRecallTrace>, "names" | "descriptions" | "summarize"> = {
  names: { en: "Context entity recall", zh: "上下文实体召回率" },
  descriptions: { en: "Share of the reference's entities that appear in the contexts.", zh: "参考答案中的实体有多少出现在上下文中。" },
  summarize(trace) {
    // Compared as the score compares them (entityKey), each reference entity once.
    const reference = [...new Set(trace.referenceEntities.map(entityKey))].filter(Boolean);
    if (!reference.length) return undefined;
    const inContexts = new Set(trace.contextEntities.map(entityKey));
    const found = countWhere(reference, (e) => inContexts.has(e));
    const total = reference.length;
    return { en: `${found} of ${total} reference entities appear in the contexts.`, zh: `${total} 个参考实体中有 ${found} 个出现在上下文中。` };
  },
};
