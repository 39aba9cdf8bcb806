import { z } from "zod";
import type { PromptDef } from "../../prompts/types";
import { arrayOf, object, STRING } from "../shared/schema";

const claimsOutput = z.object({ claims: z.array(z.string()) });
export type ClaimsOutput = z.infer<typeof claimsOutput>;

/**
 * The text as checkable claims, as fine (atomicity) and as complete (coverage) as asked. ragas
 * picks one of four example sets by the two levels; here the levels are inputs and the examples
 * show all four, so it is one prompt in the studio and one hash per text.
 */
export const claimsPrompt: PromptDef<ClaimsOutput> = {
  id: "factual_correctness.claims",
  metric: "factual_correctness",
  version: 1,
  title: "Factual correctness: break the text into claims",
  instruction: [
    "Break the text into claims that can each be checked on their own, with names in place of pronouns.",
    "Atomicity sets how fine: high means one fact per claim; low means facts of one sentence may stay together in one claim.",
    "Coverage sets how complete: high keeps every detail (dates, numbers, places, qualifiers); low keeps the main facts and drops minor details.",
    "Add nothing the text does not say. If it makes no claim (it declines or says it does not know), return an empty list.",
    "Write the claims in the language of the text.",
  ].join(" "),
  inputTemplate: "Atomicity: {{atomicity}}\nCoverage: {{coverage}}\nText: {{text}}",
  variables: ["atomicity", "coverage", "text"],
  examples: [
    {
      input: {
        atomicity: "high",
        coverage: "high",
        text: "Marie Curie, a Polish-born physicist, won the Nobel Prize in Physics in 1903 and in Chemistry in 1911.",
      },
      output: {
        claims: [
          "Marie Curie was a physicist.",
          "Marie Curie was born in Poland.",
          "Marie Curie won the Nobel Prize in Physics in 1903.",
          "Marie Curie won the Nobel Prize in Chemistry in 1911.",
        ],
      },
    },
    {
      input: {
        atomicity: "low",
        coverage: "low",
        text: "Marie Curie, a Polish-born physicist, won the Nobel Prize in Physics in 1903 and in Chemistry in 1911.",
      },
      output: { claims: ["Marie Curie won Nobel Prizes in Physics and in Chemistry."] },
    },
    {
      input: { atomicity: "low", coverage: "high", text: "鲁迅原名周树人，浙江绍兴人，1918年发表了《狂人日记》。" },
      output: { claims: ["鲁迅原名周树人，是浙江绍兴人。", "鲁迅于1918年发表了《狂人日记》。"] },
    },
    {
      input: { atomicity: "high", coverage: "low", text: "鲁迅原名周树人，浙江绍兴人，1918年发表了《狂人日记》。" },
      output: { claims: ["鲁迅原名周树人。", "鲁迅发表了《狂人日记》。"] },
    },
  ],
  output: {
    name: "factual_correctness_claims",
    jsonSchema: object({ claims: arrayOf(STRING) }, "factual_correctness_claims"),
    schema: claimsOutput,
  },
};
