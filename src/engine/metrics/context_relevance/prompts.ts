import { z } from "zod";
import type { PromptDef } from "../../prompts/types";
import { itemNumber, strictObjectSchema } from "../shared/schema";

export const neededOutput = z.object({ needed: z.array(itemNumber) });
export type NeededOutput = z.infer<typeof neededOutput>;

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
  output: {
    name: "context_relevance_sentences",
    jsonSchema: strictObjectSchema("context_relevance_sentences", { needed: { arrayOf: "integer" } }),
    schema: neededOutput,
  },
};
