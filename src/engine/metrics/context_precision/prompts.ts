import { z } from "zod";
import type { PromptDef } from "../../prompts/types";
import { binaryFlag, itemNumber, strictObjectSchema } from "../shared/schema";

export const usefulnessOutput = z.object({
  verdicts: z.array(z.object({ context: itemNumber, reason: z.string(), verdict: binaryFlag })),
});
export type UsefulnessOutput = z.infer<typeof usefulnessOutput>;

/** One verdict per retrieved context, in rank order; by default every context in ONE call. */
export const usefulnessPrompt: PromptDef<UsefulnessOutput> = {
  id: "context_precision.verdicts",
  metric: "context_precision",
  version: 1,
  title: "Context precision: was each context useful",
  instruction: [
    "For each numbered context, decide on its own whether it was useful for arriving at the reference answer to the question:",
    "verdict 1 if it contains information the reference answer states or relies on, else 0.",
    "Give a one-sentence reason, then the verdict, for every context in order. Write reasons in the language of the question.",
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
          { context: 1, reason: "It names Jane Austen as the author and gives 1813.", verdict: 1 },
          { context: 2, reason: "Film adaptations say nothing about the author.", verdict: 0 },
        ],
      },
    },
  ],
  output: {
    name: "context_precision_verdicts",
    jsonSchema: strictObjectSchema("context_precision_verdicts", { verdicts: { array: { context: "integer", reason: "string", verdict: "flag" } } }),
    schema: usefulnessOutput,
  },
};
