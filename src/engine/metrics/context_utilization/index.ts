import { judgeUsefulness, perContextOptions, usefulnessCalls } from "../context_precision";
import { explainContextPrecision, scoreContextPrecision, type ContextPrecisionTrace } from "../context_precision/score";
import { contextUtilizationDisplay } from "./display";
import type { MetricDefinition } from "../definition";
import { utilizationOutputFor, utilizationPrompt } from "./prompts";
import { contextPrecisionTraceFields } from "../context_precision/trace";

/**
 * Context utilization: context precision with the answer in place of the reference (ragas's
 * ContextPrecisionWithoutReference). Same steps, same trace, same average-precision score.
 */
export const contextUtilization: MetricDefinition<ContextPrecisionTrace> = {
  id: "context_utilization",
  name: "Context utilization",
  ...contextUtilizationDisplay,
  family: "ragas",
  batchRounds: 1,
  optionFields: [{ key: "perContextCalls", kind: "checkbox" }],
  requires: ["question", "answer", "contexts"],
  usesEmbeddings: false,
  prompts: [utilizationPrompt],
  options: perContextOptions,
  calls: usefulnessCalls,
  async run(ctx) {
    const judged = await judgeUsefulness(ctx, {
      prompt: utilizationPrompt,
      outputFor: utilizationOutputFor,
      input: (c) => ({ question: c.sample.question, answer: c.sample.answer }),
    });
    return { contexts: judged };
  },
  score: scoreContextPrecision,
  explain: (trace, outcome) => explainContextPrecision(trace, outcome).replace("the reference answer", "the answer"),
  traceFields: contextPrecisionTraceFields,
  traceItems: "contexts",
};
