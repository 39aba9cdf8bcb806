import { z } from "zod";
import type { PromptDef } from "../../prompts/types";
import { arrayOf, binaryFlag, FLAG, object, STRING } from "../shared/schema";

const attributionOutput = z.object({
  statements: z.array(z.object({ statement: z.string(), reason: z.string(), attributed: binaryFlag })),
});
export type AttributionOutput = z.infer<typeof attributionOutput>;

/** The reference broken into statements and each attributed (or not) to the contexts, in ONE call. */
export const attributionPrompt: PromptDef<AttributionOutput> = {
  id: "context_recall.statements",
  metric: "context_recall",
  version: 1,
  title: "Context recall: is each reference statement in the context",
  instruction: [
    "Split the reference answer into short standalone statements, one per claim, with names instead of pronouns.",
    "For each, attributed is 1 if the context contains that information, else 0; give a one-sentence reason.",
    "Write statements and reasons in the language of the reference answer.",
  ].join(" "),
  inputTemplate: "Question: {{question}}\nReference answer: {{reference}}\nContext:\n{{context}}",
  variables: ["question", "reference", "context"],
  examples: [
    {
      input: {
        question: "What is the capital of Australia?",
        reference: "Canberra is the capital of Australia. It was chosen as a compromise between Sydney and Melbourne.",
        context: "Canberra is the capital city of Australia, in the Australian Capital Territory.",
      },
      output: {
        statements: [
          { statement: "Canberra is the capital of Australia.", reason: "The context says so.", attributed: 1 },
          {
            statement: "Canberra was chosen as a compromise between Sydney and Melbourne.",
            reason: "The context does not say why Canberra was chosen.",
            attributed: 0,
          },
        ],
      },
    },
  ],
  output: {
    name: "context_recall_statements",
    jsonSchema: object({ statements: arrayOf(object({ statement: STRING, reason: STRING, attributed: FLAG })) }, "context_recall_statements"),
    schema: attributionOutput,
  },
};
