import { z } from "zod";
import type { PromptDef } from "../../prompts/types";
import { binaryFlag, FLAG, object, STRING } from "../shared/schema";

const withReferenceOutput = z.object({ reason: z.string(), verdict: binaryFlag });
const withoutReferenceOutput = z.object({ goal: z.string(), reason: z.string(), verdict: binaryFlag });

export type GoalVerdict = z.infer<typeof withReferenceOutput>;
export type InferredGoalVerdict = z.infer<typeof withoutReferenceOutput>;

const EXAMPLE_EN = [
  "[1] User: Book me a table for two at Luigi's tonight at 8.",
  "[2] Assistant: Let me check. -> calls book_table(restaurant=Luigi's, people=2, time=20:00)",
  "[3] Tool result: status confirmed, table 12",
  "[4] Assistant: Done: table 12 at Luigi's, 8 pm, for two.",
].join("\n");
const EXAMPLE_ZH = [
  "[1] User: 帮我把明天去上海的高铁票改到后天。",
  "[2] Assistant: 好的，我来查一下。 -> calls change_ticket(date=后天)",
  "[3] Tool result: 改签失败，没有余票",
  "[4] Assistant: 后天的车票已经售完，改签没有成功。",
].join("\n");

/**
 * One call: the reference names the outcome the user wanted; the judge says whether the
 * conversation's end state reaches it. The reason comes before the verdict so the model reasons first.
 */
export const goalWithReferencePrompt: PromptDef<GoalVerdict> = {
  id: "agent_goal_accuracy.with_reference",
  metric: "agent_goal_accuracy",
  version: 1,
  title: "Agent goal accuracy: was the wanted outcome reached",
  instruction: [
    "You judge an assistant's conversation with a user. The desired outcome is given.",
    "Look at what the conversation actually achieved by its end, including tool results.",
    "verdict 1: the end state achieves the desired outcome. verdict 0: it does not, only partly, or the assistant only claims it without the tools confirming it.",
    "Give a one-sentence reason first, in the language of the conversation.",
  ].join(" "),
  inputTemplate: "Desired outcome: {{reference}}\n\nConversation:\n{{conversation}}",
  variables: ["reference", "conversation"],
  examples: [
    {
      input: { reference: "A table for two at Luigi's at 8 pm today is booked.", conversation: EXAMPLE_EN },
      output: { reason: "The booking tool confirmed table 12 for two at 8 pm.", verdict: 1 },
    },
    {
      input: { reference: "车票改签到后天。", conversation: EXAMPLE_ZH },
      output: { reason: "改签工具返回失败，车票没有改到后天。", verdict: 0 },
    },
  ],
  output: {
    name: "agent_goal_verdict",
    jsonSchema: object({ reason: STRING, verdict: FLAG }, "agent_goal_verdict"),
    schema: withReferenceOutput,
  },
};

/** Without a reference the judge first states the user's goal, then judges against it, in the same reply. */
export const goalWithoutReferencePrompt: PromptDef<InferredGoalVerdict> = {
  id: "agent_goal_accuracy.without_reference",
  metric: "agent_goal_accuracy",
  version: 1,
  title: "Agent goal accuracy: state the user's goal, then judge it",
  instruction: [
    "You judge an assistant's conversation with a user.",
    "First state in one sentence the outcome the user wanted (goal). Then look at what the conversation actually achieved by its end, including tool results.",
    "verdict 1: the end state achieves that goal. verdict 0: it does not, only partly, or the assistant only claims it without the tools confirming it.",
    "Write the goal and a one-sentence reason in the language of the conversation.",
  ].join(" "),
  inputTemplate: "Conversation:\n{{conversation}}",
  variables: ["conversation"],
  examples: [
    {
      input: { conversation: EXAMPLE_EN },
      output: { goal: "A table for two at Luigi's at 8 pm tonight.", reason: "The booking tool confirmed table 12 for two at 8 pm.", verdict: 1 },
    },
    {
      input: { conversation: EXAMPLE_ZH },
      output: { goal: "把高铁票改签到后天。", reason: "改签工具返回失败，票没有改签。", verdict: 0 },
    },
  ],
  output: {
    name: "agent_goal_inferred",
    jsonSchema: object({ goal: STRING, reason: STRING, verdict: FLAG }, "agent_goal_inferred"),
    schema: withoutReferenceOutput,
  },
};
