import { numbered } from "../../prompts/render";
import type { MetricDefinition, MetricOptions } from "../definition";
import { askEach, PRIORITY } from "../shared/ask";
import { type ConversationMessage, cutNote, messagesOf, renderMessage, TRANSCRIPT_BUDGET } from "../shared/conversation";
import { oneOf, optionsOf } from "../shared/options";
import { topicAdherenceDisplay } from "./display";
import { topicTurnsPrompt, turnVerdictsFor } from "./prompts";
import { explainTopicAdherence, scoreTopicAdherence, type TopicAdherenceTrace, type TopicMode } from "./score";
import { topicAdherenceTraceFields } from "./trace";

const modeOf = (options: MetricOptions): TopicMode => (options.mode as TopicMode | undefined) ?? "f1";

/** Each user message with the replies up to the next user message, rendered as one exchange. */
function exchangesOf(messages: readonly ConversationMessage[]): { turn: number; text: string; rendered: string }[] {
  const starts = messages.flatMap((m, i) => (m.role === "user" ? [i] : []));
  return starts.map((start, k) => {
    const end = starts[k + 1] ?? messages.length;
    const rendered = messages.slice(start, end).map(renderMessage).join(" | ");
    return { turn: start, text: messages[start]!.content, rendered };
  });
}

/** The latest exchanges whose text fits the budget (at least the last one). */
function fitExchanges<T extends { rendered: string }>(exchanges: readonly T[]): { kept: T[]; omitted: number } {
  let used = 0;
  let first = exchanges.length;
  while (first > 0 && (first === exchanges.length || used + exchanges[first - 1]!.rendered.length + 6 <= TRANSCRIPT_BUDGET)) {
    used += exchanges[first - 1]!.rendered.length + 6;
    first--;
  }
  return { kept: exchanges.slice(first), omitted: first };
}

export const topicAdherence: MetricDefinition<TopicAdherenceTrace> = {
  id: "topic_adherence",
  name: "Topic adherence",
  ...topicAdherenceDisplay,
  family: "conversation",
  batchRounds: 1,
  requires: ["messages", "referenceTopics"],
  usesEmbeddings: false,
  prompts: [topicTurnsPrompt],
  optionFields: [{ key: "mode", kind: "select", values: ["f1", "precision", "recall"] }],
  options: optionsOf({ mode: oneOf(["f1", "precision", "recall"]).optional() }),
  defaults: { mode: "f1" },
  // One call judges every user turn (a second only when the reply left some out).
  calls: () => ({ chat: 1, embedding: 0 }),
  async run(ctx) {
    const mode = modeOf(ctx.options);
    const messages = messagesOf(ctx.sample);
    const topics = (ctx.sample.referenceTopics ?? []).map((t) => t.trim()).filter((t) => t.length > 0);
    const { kept, omitted } = fitExchanges(exchangesOf(messages));
    const note = cutNote(omitted, "earliest user turns not judged");
    if (kept.length === 0) return { mode, turns: [], note };
    const topicList = topics.join("; ");
    const inputFor = (items: readonly number[]) => ({ topics: topicList, exchanges: numbered(items.map((i) => kept[i]!.rendered)) });
    const verdicts = await askEach(ctx, topicTurnsPrompt, kept.length, inputFor, turnVerdictsFor, PRIORITY.single);
    const turns = kept.map((e, i) => ({
      turn: e.turn,
      text: e.text,
      onTopic: verdicts[i]!.onTopic,
      answered: verdicts[i]!.answered,
      reason: verdicts[i]!.reason,
    }));
    return { mode, turns, note };
  },
  score: scoreTopicAdherence,
  explain: explainTopicAdherence,
  traceFields: topicAdherenceTraceFields,
  traceItems: "turns",
};
