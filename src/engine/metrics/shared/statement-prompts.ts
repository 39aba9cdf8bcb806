import { z } from "zod";
import type { JudgeOutputSpec } from "../../ports";
import type { PromptDef } from "../../prompts/types";
import { countNumbered } from "./count";
import { perCount, positionalItems } from "./items";
import { arrayOf, binaryFlag, FLAG, object, STRING } from "./schema";

const statementsOutput = z.object({ statements: z.array(z.string()) });
export type StatementsOutput = z.infer<typeof statementsOutput>;

/** Step 1: the answer as standalone claims. No claims at all is a legitimate reply (a refusal). */
export const statementsPrompt: PromptDef<StatementsOutput> = {
  id: "faithfulness.statements",
  metric: "faithfulness",
  version: 1,
  title: "Faithfulness: split the answer into statements",
  instruction: [
    "Split the answer into the claims it makes, for fact-checking.",
    "Rewrite each sentence as one or more short statements that stand alone: put names where the answer uses pronouns or vague references.",
    "Keep every fact, add none, drop greetings and filler. If the answer makes no claim (it declines or says it does not know), return an empty list.",
    "Write the statements in the language of the answer.",
  ].join(" "),
  inputTemplate: "Question: {{question}}\nAnswer: {{answer}}",
  variables: ["question", "answer"],
  examples: [
    {
      input: { question: "Who was Marie Curie?", answer: "Marie Curie was a Polish-born physicist. She won Nobel Prizes in physics and chemistry." },
      output: {
        statements: ["Marie Curie was a Polish-born physicist.", "Marie Curie won a Nobel Prize in physics.", "Marie Curie won a Nobel Prize in chemistry."],
      },
    },
    {
      input: { question: "长城有多长？", answer: "它全长约两万一千公里，始建于春秋时期。" },
      output: { statements: ["长城全长约两万一千公里。", "长城始建于春秋时期。"] },
    },
    {
      input: { question: "What will the stock price be tomorrow?", answer: "I'm sorry, I can't know that." },
      output: { statements: [] },
    },
  ],
  output: {
    name: "faithfulness_statements",
    jsonSchema: object({ statements: arrayOf(STRING) }, "faithfulness_statements"),
    schema: statementsOutput,
  },
};

const verdictItem = z.object({ reason: z.string(), verdict: binaryFlag });
export type StatementVerdict = z.infer<typeof verdictItem>;

/** The reply for n numbered statements: exactly n verdicts, in the statements' order (contract 8). */
export const verdictsOutputFor = perCount((n?: number): JudgeOutputSpec<StatementVerdict[]> => {
  return positionalItems("faithfulness_verdicts", "verdicts", object({ reason: STRING, verdict: FLAG }), verdictItem, n);
});

/** Step 2: every statement judged against the joined contexts, in ONE call. */
export const verdictsPrompt: PromptDef<StatementVerdict[]> = {
  id: "faithfulness.verdicts",
  metric: "faithfulness",
  version: 2,
  title: "Faithfulness: check each statement against the context",
  instruction: [
    "Check each numbered statement against the context alone.",
    "verdict 1: the context states it or it follows directly from the context. verdict 0: the context contradicts it, does not mention it, or only makes it plausible.",
    "Give a one-sentence reason, then the verdict, for every statement in order: one entry per statement. Write reasons in the language of the statements.",
  ].join(" "),
  inputTemplate: "Context:\n{{context}}\n\nStatements:\n{{statements}}",
  variables: ["context", "statements"],
  examples: [
    {
      input: {
        context: "The Nile flows north through eleven countries and empties into the Mediterranean Sea.",
        statements: "[1] The Nile empties into the Mediterranean Sea.\n[2] The Nile is the longest river in the world.",
      },
      output: {
        verdicts: [
          { reason: "The context says it empties into the Mediterranean Sea.", verdict: 1 },
          { reason: "The context does not compare its length with other rivers.", verdict: 0 },
        ],
      },
    },
  ],
  // Any count; each call sends verdictsOutputFor(n), and an example is checked against its own n.
  output: verdictsOutputFor(),
  outputForInput: (input) => verdictsOutputFor(countNumbered(input.statements)),
};
