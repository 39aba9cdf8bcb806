import type { MetricDefinition } from "../definition";
import { countWhere } from "../shared/display";
import type { TopicAdherenceTrace } from "./score";

/** Topic adherence in the UI's words, English and Chinese. */
export const topicAdherenceDisplay: Pick<MetricDefinition<TopicAdherenceTrace>, "names" | "descriptions" | "summarize"> = {
  names: { en: "Topic adherence", zh: "话题遵循度" },
  descriptions: {
    en: "Whether the assistant answers on-topic requests and declines off-topic ones.",
    zh: "助手是否回答了话题内的请求、拒绝了话题外的请求。",
  },
  summarize({ turns }) {
    if (!turns.length) return undefined;
    const offAnswered = countWhere(turns, (t) => t.onTopic === 0 && t.answered === 1);
    const onRefused = countWhere(turns, (t) => t.onTopic === 1 && t.answered === 0);
    return {
      en: `Of ${turns.length} user turns, ${offAnswered} off-topic ones were answered and ${onRefused} on-topic ones refused.`,
      zh: `${turns.length} 个用户轮次中，有 ${offAnswered} 个话题外请求被回答，${onRefused} 个话题内请求被拒绝。`,
    };
  },
};
