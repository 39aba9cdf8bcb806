import { z } from "zod";
import type { PromptDef } from "../../prompts/types";
import { binaryFlag, strictObjectSchema } from "../shared/schema";

export const questionsOutput = z.object({
  questions: z.array(z.object({ question: z.string(), noncommittal: binaryFlag })).min(1, "at least one question is needed"),
});
export type QuestionsOutput = z.infer<typeof questionsOutput>;

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
  output: {
    name: "answer_relevancy_questions",
    jsonSchema: strictObjectSchema("answer_relevancy_questions", { questions: { array: { question: "string", noncommittal: "flag" } } }),
    schema: questionsOutput,
  },
};
