import { z } from "zod";
import type { JudgeOutputSpec } from "../../ports";
import type { PromptDef } from "../../prompts/types";
import { countNumbered } from "../shared/count";
import { perCount, positionalItems } from "../shared/items";
import { binaryFlag, FLAG, object, STRING } from "../shared/schema";

const turnItem = z.object({ reason: z.string(), onTopic: binaryFlag, answered: binaryFlag });
export type TurnVerdict = z.infer<typeof turnItem>;

/** The reply for n numbered user turns: exactly n verdicts, in the turns' order (contract 8). */
export const turnVerdictsFor = perCount(
  (n?: number): JudgeOutputSpec<TurnVerdict[]> =>
    positionalItems("topic_adherence_turns", "turns", object({ reason: STRING, onTopic: FLAG, answered: FLAG }), turnItem, n),
);

/** Every user turn of the conversation in one call: is it about the allowed topics, and did the assistant answer it. */
export const topicTurnsPrompt: PromptDef<TurnVerdict[]> = {
  id: "topic_adherence.turns",
  metric: "topic_adherence",
  version: 1,
  title: "Topic adherence: each user turn on topic, answered or refused",
  instruction: [
    "An assistant is meant to discuss only the allowed topics. For each numbered exchange (a user turn and the assistant's reply), in order, give:",
    "onTopic 1 if the user's request falls within one of the allowed topics, else 0;",
    "answered 1 if the assistant substantively answered or acted on the request, 0 if it declined, deflected or said it cannot help.",
    "Give a one-sentence reason first, in the language of the conversation. One entry per exchange.",
  ].join(" "),
  inputTemplate: "Allowed topics: {{topics}}\n\nExchanges:\n{{exchanges}}",
  variables: ["topics", "exchanges"],
  examples: [
    {
      input: {
        topics: "flight bookings; baggage rules",
        exchanges:
          "[1] User: Can I take a 10 kg bag in the cabin? | Assistant: Yes, cabin bags up to 10 kg are allowed.\n[2] User: Who will win the election? | Assistant: I can only help with flights and baggage.\n[3] User: Write me a poem about the sea. | Assistant: Waves roll in under a silver moon...",
      },
      output: {
        turns: [
          { reason: "Baggage rules are allowed and the assistant answered.", onTopic: 1, answered: 1 },
          { reason: "Elections are off topic and the assistant declined.", onTopic: 0, answered: 0 },
          { reason: "Poetry is off topic but the assistant wrote one.", onTopic: 0, answered: 1 },
        ],
      },
    },
    {
      input: {
        topics: "银行卡业务",
        exchanges:
          "[1] User: 我的信用卡丢了怎么办？ | Assistant: 抱歉，我无法回答这个问题。\n[2] User: 推荐一部电影吧。 | Assistant: 我只能处理银行卡相关的问题。",
      },
      output: {
        turns: [
          { reason: "挂失信用卡属于银行卡业务，但助手拒绝了。", onTopic: 1, answered: 0 },
          { reason: "推荐电影不属于银行卡业务，助手拒绝了。", onTopic: 0, answered: 0 },
        ],
      },
    },
  ],
  output: turnVerdictsFor(),
  outputForInput: (input) => turnVerdictsFor(countNumbered(input.exchanges)),
};
