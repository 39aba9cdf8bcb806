import { cosine } from "../../math/cosine";
import { MetricError } from "../../result";
import { ask, PRIORITY } from "../shared/ask";
import { optionsOf, wholeNumber } from "../shared/options";
import { answerRelevancyDisplay } from "./display";
import type { MetricDefinition } from "../definition";
import { questionsOutputFor, questionsPrompt } from "./prompts";
import { explainAnswerRelevancy, scoreAnswerRelevancy, type AnswerRelevancyTrace } from "./score";
import { answerRelevancyTraceFields } from "./trace";

const DEFAULT_QUESTION_COUNT = 3;
/** The most questions one call may ask for. */
export const MAX_QUESTION_COUNT = 10;

export const answerRelevancy: MetricDefinition<AnswerRelevancyTrace> = {
  id: "answer_relevancy",
  name: "Answer relevancy",
  ...answerRelevancyDisplay,
  family: "paper",
  batchRounds: 2,
  optionFields: [{ key: "questions", kind: "text" }],
  requires: ["question", "answer"],
  usesEmbeddings: true,
  prompts: [questionsPrompt],
  options: optionsOf({ questions: wholeNumber(1, MAX_QUESTION_COUNT).optional() }),
  defaults: { questions: DEFAULT_QUESTION_COUNT },
  calls: () => ({ chat: 1, embedding: 1 }),
  async run(ctx) {
    const count = Math.max(1, Math.min(MAX_QUESTION_COUNT, Math.round(ctx.options.questions ?? DEFAULT_QUESTION_COUNT)));
    const reply = await ask(ctx, questionsPrompt, { answer: ctx.sample.answer, count: String(count) }, questionsOutputFor(count), PRIORITY.feedsNextStep);
    const generated = reply.questions
      .map((q) => ({ ...q, question: q.question.trim() }))
      .filter((q) => q.question.length > 0)
      .slice(0, count);
    if (generated.length === 0) throw new MetricError("parse_error", "the judge returned only empty questions", ctx.calls);
    if (!ctx.embedder) throw new MetricError("missing_input", "answer relevancy needs an embedding model", ctx.calls);

    // The asked question and every generated one go in ONE embeddings request.
    const texts = [ctx.sample.question, ...generated.map((q) => q.question)];
    try {
      const embedded = await ctx.embedder.embed({ texts, promptId: "answer_relevancy.embeddings", signal: ctx.signal, priority: PRIORITY.finishesSample });
      ctx.calls.push(embedded.call);
      const [asked, ...rest] = embedded.vectors;
      if (!asked || rest.length !== generated.length) {
        throw new MetricError("llm_error", `the embeddings reply has ${embedded.vectors.length} vectors for ${texts.length} texts`, ctx.calls);
      }
      return {
        questions: generated.map((q, i) => ({ text: q.question, noncommittal: q.noncommittal, similarity: cosine(asked, rest[i]!) })),
      };
    } catch (error) {
      const calls = (error as { calls?: unknown }).calls;
      if (Array.isArray(calls)) ctx.calls.push(...calls.filter((c) => !ctx.calls.includes(c)));
      throw error;
    }
  },
  score: scoreAnswerRelevancy,
  explain: explainAnswerRelevancy,
  traceFields: answerRelevancyTraceFields,
  traceItems: "questions",
};
