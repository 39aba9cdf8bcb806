import { embedPair } from "../shared/embed";
import { optionsOf, weightPair } from "../shared/options";
import { statementsPrompt, verdictsPrompt } from "../shared/statement-prompts";
import { extractStatements, verifyStatements, zipVerdicts } from "../shared/steps";
import { answerCorrectnessDisplay } from "./display";
import type { MetricContext, MetricDefinition } from "../definition";
import { DEFAULT_WEIGHTS, explainAnswerCorrectness, scoreAnswerCorrectness, type AnswerCorrectnessTrace } from "./score";
import { answerCorrectnessTraceFields } from "./trace";

const weightsOf = (ctx: Pick<MetricContext, "options">): [number, number] => ctx.options.weights ?? DEFAULT_WEIGHTS;

/**
 * Answer correctness: the answer's and the reference's statements, each checked against the
 * other text with one verdict per statement (shared steps), blended with the embeddings'
 * similarity. Both extractions and the embeddings request go out together, then both checks:
 * 4 chat calls and 1 embeddings request, 2 round trips (ragas: 3 + 2, one after another).
 */
export const answerCorrectness: MetricDefinition<AnswerCorrectnessTrace> = {
  id: "answer_correctness",
  name: "Answer correctness",
  ...answerCorrectnessDisplay,
  family: "ragas",
  batchRounds: 2,
  optionFields: [{ key: "weights", kind: "text" }],
  requires: ["question", "answer", "reference"],
  usesEmbeddings: true,
  needsEmbedder: (options) => (options.weights ?? DEFAULT_WEIGHTS)[1] > 0,
  prompts: [statementsPrompt, verdictsPrompt],
  options: optionsOf({ weights: weightPair.optional() }),
  defaults: { weights: DEFAULT_WEIGHTS },
  calls: (_sample, options) => ({ chat: 4, embedding: (options.weights ?? DEFAULT_WEIGHTS)[1] > 0 ? 1 : 0 }),
  async run(ctx) {
    const { question, answer } = ctx.sample;
    const reference = ctx.sample.reference ?? "";
    const weights = weightsOf(ctx);
    const [statements, referenceStatements, similarity] = await Promise.all([
      extractStatements(ctx, question, answer),
      extractStatements(ctx, question, reference),
      weights[1] > 0 ? embedPair(ctx, "answer_correctness.embeddings", answer, reference) : Promise.resolve(null),
    ]);
    const [supported, covered] = await Promise.all([verifyStatements(ctx, statements, reference), verifyStatements(ctx, referenceStatements, answer)]);
    return {
      statements: zipVerdicts(statements, supported),
      referenceStatements: zipVerdicts(referenceStatements, covered),
      similarity,
      weights,
    };
  },
  score: scoreAnswerCorrectness,
  explain: explainAnswerCorrectness,
  traceFields: answerCorrectnessTraceFields,
  traceItems: "statements",
};
