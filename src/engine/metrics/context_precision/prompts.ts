import { z } from "zod";
import type { JudgeOutputSpec } from "../../ports";
import type { PromptDef } from "../../prompts/types";
import { countNumbered } from "../shared/count";
import { perCount, positionalItems } from "../shared/items";
import { binaryFlag, FLAG, object, STRING } from "../shared/schema";

const usefulnessItem = z.object({ reason: z.string(), verdict: binaryFlag });
export type UsefulnessVerdict = z.infer<typeof usefulnessItem>;

/** The reply for n numbered contexts: exactly n verdicts, in rank order (contract 8). context_utilization names its own. */
export function usefulnessReply(name: string): (n?: number) => JudgeOutputSpec<UsefulnessVerdict[]> {
  return perCount((n?: number) => positionalItems(name, "verdicts", object({ reason: STRING, verdict: FLAG }), usefulnessItem, n));
}

export const usefulnessOutputFor = usefulnessReply("context_precision_verdicts");

/** One verdict per retrieved context, in rank order; by default every context in ONE call. */
export const usefulnessPrompt: PromptDef<UsefulnessVerdict[]> = {
  id: "context_precision.verdicts",
  metric: "context_precision",
  version: 2,
  title: "Context precision: was each context useful",
  instruction: [
    "For each numbered context, decide on its own whether it was useful for arriving at the reference answer to the question:",
    "verdict 1 if it contains information the reference answer states or relies on, else 0.",
    "Give a one-sentence reason, then the verdict, for every context in order: one entry per context. Write reasons in the language of the question.",
  ].join(" "),
  inputTemplate: "Question: {{question}}\nReference answer: {{reference}}\nContexts:\n{{contexts}}",
  variables: ["question", "reference", "contexts"],
  examples: [
    {
      input: {
        question: "Who wrote Pride and Prejudice?",
        reference: "Jane Austen wrote Pride and Prejudice, published in 1813.",
        contexts: "[1] Pride and Prejudice is an 1813 novel by Jane Austen.\n[2] The novel has been adapted for film many times.",
      },
      output: {
        verdicts: [
          { reason: "It names Jane Austen as the author and gives 1813.", verdict: 1 },
          { reason: "Film adaptations say nothing about the author.", verdict: 0 },
        ],
      },
    },
  ],
  output: usefulnessOutputFor(),
  outputForInput: (input) => usefulnessOutputFor(countNumbered(input.contexts)),
};
