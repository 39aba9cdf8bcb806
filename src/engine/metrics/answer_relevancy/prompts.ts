import { z } from "zod";
import type { JudgeOutputSpec } from "../../ports";
import type { PromptDef } from "../../prompts/types";
import { perCount } from "../shared/items";
import { arrayOf, binaryFlag, FLAG, object, TEXT } from "../shared/schema";

const question = z.object({ question: z.string(), noncommittal: binaryFlag });
export type QuestionsOutput = { questions: z.infer<typeof question>[] };

/**
 * The reply for `count` questions (contract 8): the schema asks for exactly that many, none empty.
 * The validator is looser (at least one that is not blank; the metric drops blank ones and any
 * beyond the count), and everything it checks the schema states.
 */
export const questionsOutputFor = perCount((count?: number): JudgeOutputSpec<QuestionsOutput> => {
  const list = z
    .array(question)
    .min(1, "at least one question is needed")
    .refine((qs) => qs.some((q) => /\S/.test(q.question)), "every question is blank");
  return {
    name: "answer_relevancy_questions",
    jsonSchema: object(
      { questions: arrayOf(object({ question: TEXT, noncommittal: FLAG }), count === undefined ? {} : { exactly: count }) },
      "answer_relevancy_questions",
    ),
    schema: z.object({ questions: list }),
  };
});

/** Several questions from ONE request: cheaper than n calls and they come out varied. */
export const questionsPrompt: PromptDef<QuestionsOutput> = {
  id: "answer_relevancy.questions",
  metric: "answer_relevancy",
  version: 1,
  title: "Answer relevancy: questions the answer responds to",
  instruction: [
    "Write questions that the answer is a direct reply to, as many as asked, each worded differently and each about the answer's main point.",
    'noncommittal is 1 when the answer is evasive, vague or avoids answering ("I don\'t know", "it depends"), else 0.',
    "Write the questions in the language of the answer.",
  ].join(" "),
  inputTemplate: "Answer: {{answer}}\nNumber of questions: {{count}}",
  variables: ["answer", "count"],
  examples: [
    {
      input: { answer: "Marie Curie was born in Warsaw in 1867.", count: "2" },
      output: {
        questions: [
          { question: "Where and when was Marie Curie born?", noncommittal: 0 },
          { question: "In which city was Marie Curie born?", noncommittal: 0 },
        ],
      },
    },
    {
      input: { answer: "我不确定这款手机是否支持无线充电。", count: "2" },
      output: {
        questions: [
          { question: "这款手机支持无线充电吗？", noncommittal: 1 },
          { question: "这款手机能不能无线充电？", noncommittal: 1 },
        ],
      },
    },
  ],
  output: questionsOutputFor(),
  outputForInput: (input) => questionsOutputFor(Number(input.count) || undefined),
};
