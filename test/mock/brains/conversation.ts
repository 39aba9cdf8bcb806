import type { Brain } from "./types";
import { contentTerms, field, stripFormatNote } from "./text";

/**
 * Brains for issue 32's conversation judges. Crude and deterministic: a goal is reached when a
 * tool result confirms something and none failed; a request is on topic when it shares a word
 * (or, in Chinese, two characters) with an allowed topic; a reply that declines is a refusal.
 * Each answers in the conversation's language.
 */

const CJK = /\p{Script=Han}/u;
const DECLINE = /\b(only help|can only|cannot help|can't help|i'm sorry)\b|只能|无法|抱歉/i;
const SUCCESS = /confirmed|issued|:\s*true/;
const FAILURE = /failed|error|失败/;

function conversationOf(user: string): string {
  return stripFormatNote(user).split("Conversation:\n")[1] ?? "";
}

function goalVerdict(conversation: string): { reason: string; verdict: 0 | 1 } {
  const zh = CJK.test(conversation);
  const reached = SUCCESS.test(conversation) && !FAILURE.test(conversation);
  const reason = zh
    ? reached
      ? "工具结果确认了用户要的结果。"
      : "工具结果没有确认用户要的结果。"
    : reached
      ? "A tool result confirms the outcome."
      : "No tool result confirms the outcome.";
  return { reason, verdict: reached ? 1 : 0 };
}

const goalWithReference: Brain = ({ user }) => goalVerdict(conversationOf(user));

const goalInferred: Brain = ({ user }) => {
  const conversation = conversationOf(user);
  const first = /^\[\d+\] User: (.*)$/m.exec(conversation)?.[1] ?? conversation.slice(0, 80);
  return { goal: first, ...goalVerdict(conversation) };
};

/** Chinese has no spaces: two consecutive characters of a topic found in the request count as shared. */
function sharesTopic(request: string, topics: readonly string[]): boolean {
  return topics.some((topic) => {
    if (CJK.test(topic)) return [...topic].some((_, i) => i + 2 <= topic.length && request.includes(topic.slice(i, i + 2)));
    const words = contentTerms(topic);
    return [...contentTerms(request)].some((w) => words.has(w) || words.has(w.replace(/s$/, "")));
  });
}

const topicTurns: Brain = ({ user }) => {
  const text = stripFormatNote(user);
  const topics = field(text, "Allowed topics", ["Exchanges"])
    .split(";")
    .map((t) => t.trim())
    .filter(Boolean);
  const exchanges = (text.split("Exchanges:\n")[1] ?? "").split(/^\[\d+\] /m).slice(1);
  return {
    turns: exchanges.map((exchange) => {
      const request = /^User: (.*?)(?: \| |$)/.exec(exchange)?.[1] ?? exchange;
      const reply = exchange.split(" | Assistant: ").slice(1).join(" ");
      const onTopic = sharesTopic(request, topics) ? 1 : 0;
      const answered = DECLINE.test(reply) ? 0 : 1;
      const reason = CJK.test(exchange)
        ? `${onTopic ? "属于" : "不属于"}允许的话题，助手${answered ? "回答了" : "拒绝了"}。`
        : `${onTopic ? "On" : "Off"} topic; the assistant ${answered ? "answered" : "declined"}.`;
      return { reason, onTopic, answered };
    }),
  };
};

export const conversationBrains: Record<string, Brain> = {
  agent_goal_verdict: goalWithReference,
  agent_goal_inferred: goalInferred,
  topic_adherence_turns: topicTurns,
};
