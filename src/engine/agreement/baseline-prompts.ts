import { z } from "zod";
import { integerIn } from "../metrics/shared/schema";
import type { PromptDef } from "../prompts/types";
import type { AgreementTask } from "./types";

/**
 * The paper's baselines as judge prompts, in our own words: data like the metrics' prompts, so
 * the prompt studio's overrides (by id) apply to them too. Each carries the dimension's definition.
 * Zero-shot, as in the paper. Reply schemas state every constraint the validator checks
 * (contract 8): the rating's range (as an enum of its whole numbers: no minimum / maximum, which
 * outlines ignores), the choice's two values.
 */

const DEFINITIONS: Record<AgreementTask, string> = {
  faithfulness:
    "Faithfulness: an answer is faithful to the context when every claim it makes can be inferred from that context. A claim the context does not support, however true, makes the answer less faithful.",
  answer_relevancy:
    "Answer relevance: an answer is relevant when it addresses the question directly and completely. Incomplete answers and answers padded with information the question did not ask for are less relevant. Do not judge factual accuracy.",
  context_relevance:
    "Context relevance: a context is relevant when it holds the information needed to answer the question and little else. Sentences that do not help answer the question make it less relevant.",
};

/** Input templates: the candidate comes last under "... to rate:" so the rated text is unambiguous. */
const RATE_INPUT: Record<AgreementTask, { template: string; variables: string[] }> = {
  faithfulness: {
    template: "Context:\n{{context}}\n\nQuestion: {{question}}\n\nAnswer to rate:\n{{candidate}}",
    variables: ["context", "question", "candidate"],
  },
  answer_relevancy: { template: "Question: {{question}}\n\nAnswer to rate:\n{{candidate}}", variables: ["question", "candidate"] },
  context_relevance: { template: "Question: {{question}}\n\nContext to rate:\n{{candidate}}", variables: ["question", "candidate"] },
};

const RANK_INPUT: Record<AgreementTask, { template: string; variables: string[] }> = {
  faithfulness: {
    template: "Context:\n{{context}}\n\nQuestion: {{question}}\n\nAnswer 1:\n{{first}}\n\nAnswer 2:\n{{second}}",
    variables: ["context", "question", "first", "second"],
  },
  answer_relevancy: { template: "Question: {{question}}\n\nAnswer 1:\n{{first}}\n\nAnswer 2:\n{{second}}", variables: ["question", "first", "second"] },
  context_relevance: { template: "Question: {{question}}\n\nContext 1:\n{{first}}\n\nContext 2:\n{{second}}", variables: ["question", "first", "second"] },
};

const NOUN: Record<AgreementTask, string> = { faithfulness: "answer", answer_relevancy: "answer", context_relevance: "context" };

export interface RatingReply {
  reason: string;
  rating: number;
}
export interface ChoiceReply {
  reason: string;
  choice: 1 | 2;
}

function ratingOutput(min: number, max: number) {
  const name = `agreement_rating_${min}_${max}`;
  return {
    name,
    jsonSchema: {
      title: name,
      type: "object",
      properties: { reason: { type: "string" }, rating: integerIn(min, max) },
      required: ["reason", "rating"],
      additionalProperties: false,
    },
    schema: z.object({ reason: z.string(), rating: z.coerce.number().int().min(min).max(max) }) satisfies z.ZodType<RatingReply>,
  };
}

const choiceOutput = {
  name: "agreement_choice",
  jsonSchema: {
    title: "agreement_choice",
    type: "object",
    properties: { reason: { type: "string" }, choice: { type: "integer", enum: [1, 2] } },
    required: ["reason", "choice"],
    additionalProperties: false,
  },
  schema: z.object({ reason: z.string(), choice: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])) }) satisfies z.ZodType<ChoiceReply>,
};

function ratingPrompt(task: AgreementTask, min: number, max: number, id: string): PromptDef<RatingReply> {
  const noun = NOUN[task];
  return {
    id,
    metric: `agreement.${task}`,
    version: 1,
    title: `GPT Score (${min}-${max}): rate the ${task.replace("_", " ")} of one ${noun}`,
    instruction: [
      DEFINITIONS[task],
      `Rate the ${noun} under "${noun === "answer" ? "Answer" : "Context"} to rate" on this dimension only, with a whole number from ${min} (worst) to ${max} (best).`,
      "Give a one-sentence reason first, then the rating. Write the reason in the language of the input.",
    ].join(" "),
    inputTemplate: RATE_INPUT[task].template,
    variables: RATE_INPUT[task].variables,
    examples: [],
    output: ratingOutput(min, max),
  };
}

function rankingPrompt(task: AgreementTask): PromptDef<ChoiceReply> {
  const noun = NOUN[task];
  return {
    id: `agreement.gpt_ranking.${task}`,
    metric: `agreement.${task}`,
    version: 1,
    title: `GPT Ranking: the better of two ${noun}s for ${task.replace("_", " ")}`,
    instruction: [
      DEFINITIONS[task],
      `Two ${noun}s are given. Decide which one is better on this dimension only: choice 1 for ${noun === "answer" ? "Answer" : "Context"} 1, choice 2 for ${noun === "answer" ? "Answer" : "Context"} 2.`,
      "The order in which they are shown means nothing. Give a one-sentence reason first, then the choice. Write the reason in the language of the input.",
    ].join(" "),
    inputTemplate: RANK_INPUT[task].template,
    variables: RANK_INPUT[task].variables,
    examples: [],
    output: choiceOutput,
  };
}

export const GPT_SCORE_PROMPTS: Record<AgreementTask, PromptDef<RatingReply>> = {
  faithfulness: ratingPrompt("faithfulness", 0, 10, "agreement.gpt_score.faithfulness"),
  answer_relevancy: ratingPrompt("answer_relevancy", 0, 10, "agreement.gpt_score.answer_relevancy"),
  context_relevance: ratingPrompt("context_relevance", 0, 10, "agreement.gpt_score.context_relevance"),
};

/** The 1-5 rating variant the paper also tried for answer relevance. */
export const GPT_SCORE_5_PROMPT: PromptDef<RatingReply> = ratingPrompt("answer_relevancy", 1, 5, "agreement.gpt_score_5.answer_relevancy");

export const GPT_RANKING_PROMPTS: Record<AgreementTask, PromptDef<ChoiceReply>> = {
  faithfulness: rankingPrompt("faithfulness"),
  answer_relevancy: rankingPrompt("answer_relevancy"),
  context_relevance: rankingPrompt("context_relevance"),
};

/** Every baseline prompt, for the prompt studio and for recording prompt hashes in the file's config. */
export function baselinePrompts(): PromptDef<unknown>[] {
  return [...Object.values(GPT_SCORE_PROMPTS), GPT_SCORE_5_PROMPT, ...Object.values(GPT_RANKING_PROMPTS)];
}
