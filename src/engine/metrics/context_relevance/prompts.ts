import { z } from "zod";
import type { JudgeOutputSpec } from "../../ports";
import type { PromptDef } from "../../prompts/types";
import { perCount } from "../shared/items";
import { countNumbered } from "../shared/count";
import { arrayOf, integerIn, object } from "../shared/schema";

/** The needed sentence numbers as a set: 1-based, sorted, each once. */
export type NeededOutput = number[];

/**
 * The reply for n numbered sentences: numbers in 1..n, sent as `enum: [1..n]` (contract 8; no
 * minimum / maximum, which outlines ignores). It is a set, so a number given twice is merged, not
 * an error; at most n numbers are sent as the bound, but more are not refused. The generic shape
 * (no n, for the prompt studio) is never sent: every call knows its n.
 */
export const neededOutputFor = perCount((n?: number): JudgeOutputSpec<NeededOutput> => {
  const positive = z.coerce.number().int().min(1, "sentence numbers start at 1");
  const number = n === undefined ? positive : positive.max(n, `there are only ${n} sentences`);
  const items = n === undefined ? { type: "integer" } : integerIn(1, n);
  return {
    name: "context_relevance_sentences",
    jsonSchema: object({ needed: arrayOf(items, n === undefined ? {} : { max: n }) }, "context_relevance_sentences"),
    schema: z.object({ needed: z.array(number) }).transform((value) => [...new Set(value.needed)].sort((a, b) => a - b)),
  };
});

/**
 * The paper's context relevance asks the model to copy the needed sentences out, which cannot be
 * matched back reliably; we number the sentences ourselves and ask for the numbers.
 */
export const neededSentencesPrompt: PromptDef<NeededOutput> = {
  id: "context_relevance.sentences",
  metric: "context_relevance",
  version: 1,
  title: "Context relevance: which sentences are needed",
  instruction: [
    "List the numbers of the sentences that are needed to answer the question: those containing information the answer must use.",
    "Background, repetition and off-topic sentences are not needed. If no sentence helps, return an empty list.",
  ].join(" "),
  inputTemplate: "Question: {{question}}\nSentences:\n{{sentences}}",
  variables: ["question", "sentences"],
  examples: [
    {
      input: {
        question: "When did the Eiffel Tower open?",
        sentences:
          "[1] The Eiffel Tower is a wrought-iron tower in Paris.\n[2] It opened to the public on 31 March 1889.\n[3] Paris is also known for its cafés.",
      },
      output: { needed: [2] },
    },
  ],
  output: neededOutputFor(),
  outputForInput: (input) => neededOutputFor(countNumbered(input.sentences)),
};
