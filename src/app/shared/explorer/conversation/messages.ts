import { defineMessages } from "../../i18n/define-messages";

/** The conversation viewer's words (marks are words, never colour alone); zh has the same keys. */
const en = {
  title: "Conversation",
  turns: (n: number) => `${n} ${n === 1 ? "turn" : "turns"}`,
  role: { user: "User", assistant: "Assistant", tool: "Tool result" },
  toolCalls: "Tool calls made",
  referenceCalls: "Reference tool calls",
  noReference: "No reference tool calls.",
  callNumber: (n: number) => `Call ${n}`,
  referenceNumber: (n: number) => `Reference ${n}`,
  matchedReference: (n: number) => `matched: reference ${n}`,
  matchedCall: (n: number) => `matched: call ${n}`,
  extra: "extra: no reference call",
  missing: "missing: never called",
  pairedBy: (metric: string) => `Matches as paired by ${metric}.`,
  unpaired: "No tool-call metric ran on this sample: calls are shown without matches.",
  showFolded: (n: number) => `Show ${n} more ${n === 1 ? "turn" : "turns"}`,
  // The judges' verdicts under a message, and the goal verdict after the last one.
  supported: (yes: boolean): string => (yes ? "supported" : "not supported"),
  topic: (onTopic: boolean, answered: boolean) => `${onTopic ? "on topic" : "off topic"}, ${answered ? "answered" : "refused"}`,
  goalReached: (yes: boolean): string => (yes ? "goal reached" : "goal not reached"),
  goal: (goal: string) => `Goal: ${goal}`,
  names: {
    conversation: "Conversation",
    turn: (n: number, role: string) => `Turn ${n}: ${role}`,
    referenceCalls: "Reference tool calls",
    call: (name: string) => `Tool call ${name}`,
    verdicts: (n: number) => `Judge verdicts on turn ${n}`,
    goalVerdict: "Goal verdict",
  },
};

type ConversationMessages = typeof en;

const zh: ConversationMessages = {
  title: "对话",
  turns: (n) => `${n} 轮`,
  role: { user: "用户", assistant: "助手", tool: "工具结果" },
  toolCalls: "实际工具调用",
  referenceCalls: "参考工具调用",
  noReference: "没有参考工具调用。",
  callNumber: (n) => `调用 ${n}`,
  referenceNumber: (n) => `参考 ${n}`,
  matchedReference: (n) => `已匹配：参考 ${n}`,
  matchedCall: (n) => `已匹配：调用 ${n}`,
  extra: "多余：没有对应的参考调用",
  missing: "缺失：未被调用",
  pairedBy: (metric) => `匹配关系取自 ${metric}。`,
  unpaired: "此样本未运行工具调用指标：调用显示时不带匹配关系。",
  showFolded: (n) => `显示其余 ${n} 轮`,
  supported: (yes) => (yes ? "受支持" : "不受支持"),
  topic: (onTopic, answered) => `${onTopic ? "话题内" : "话题外"}，${answered ? "已回答" : "已拒绝"}`,
  goalReached: (yes) => (yes ? "已达成目标" : "未达成目标"),
  goal: (goal) => `目标：${goal}`,
  names: {
    conversation: "对话",
    turn: (n, role) => `第 ${n} 轮：${role}`,
    referenceCalls: "参考工具调用",
    call: (name) => `工具调用 ${name}`,
    verdicts: (n) => `第 ${n} 轮的评判结论`,
    goalVerdict: "目标评判",
  },
};

export const { useMessages: useConversationT } = defineMessages({ en, zh });
