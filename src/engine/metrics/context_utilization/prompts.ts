import type { PromptDef } from "../../prompts/types";
import { countNumbered } from "../shared/count";
import { type UsefulnessVerdict, usefulnessReply } from "../context_precision/prompts";

/** Context precision's reply, under its own schema name (the studio and the mock tell them apart). */
export const utilizationOutputFor = usefulnessReply("context_utilization_verdicts");

/** One verdict per retrieved context, judged against the answer given (no reference needed). */
export const utilizationPrompt: PromptDef<UsefulnessVerdict[]> = {
  id: "context_utilization.verdicts",
  metric: "context_utilization",
  version: 1,
  title: "Context utilization: did the answer use each context",
  instruction: [
    "For each numbered context, decide on its own whether it was useful for arriving at the given answer to the question:",
    "verdict 1 if it contains information the answer states or relies on, else 0.",
    "Give a one-sentence reason, then the verdict, for every context in order: one entry per context. Write reasons in the language of the question.",
  ].join(" "),
  inputTemplate: "Question: {{question}}\nAnswer: {{answer}}\nContexts:\n{{contexts}}",
  variables: ["question", "answer", "contexts"],
  examples: [
    {
      input: {
        question: "When did the Berlin Wall fall?",
        answer: "The Berlin Wall fell on 9 November 1989.",
        contexts: "[1] The Berlin Wall was built in 1961.\n[2] On 9 November 1989 the border crossings in Berlin were opened and the Wall fell.",
      },
      output: {
        verdicts: [
          { reason: "It gives when the Wall was built, not when it fell.", verdict: 0 },
          { reason: "It gives the date the answer states.", verdict: 1 },
        ],
      },
    },
    {
      input: {
        question: "珠穆朗玛峰有多高？",
        answer: "珠穆朗玛峰海拔约8849米。",
        contexts: "[1] 2020年测定珠穆朗玛峰海拔为8848.86米。\n[2] 珠峰地区是雪豹的栖息地之一。",
      },
      output: {
        verdicts: [
          { reason: "它给出了答案所说的海拔。", verdict: 1 },
          { reason: "它讲的是雪豹，与高度无关。", verdict: 0 },
        ],
      },
    },
  ],
  output: utilizationOutputFor(),
  outputForInput: (input) => utilizationOutputFor(countNumbered(input.contexts)),
};
