import { ask } from "../shared/ask";
import { contextRecallDisplay } from "./display";
import type { MetricDefinition } from "../definition";
import { attributionPrompt } from "./prompts";
import { explainContextRecall, scoreContextRecall, type ContextRecallTrace } from "./score";
import { contextRecallTraceFields } from "./trace";

export const contextRecall: MetricDefinition<ContextRecallTrace> = {
  id: "context_recall",
  name: "Context recall",
  ...contextRecallDisplay,
  family: "paper",
  batchRounds: 1,
  requires: ["question", "contexts", "reference"],
  usesEmbeddings: false,
  prompts: [attributionPrompt],
  calls: () => ({ chat: 1, embedding: 0 }),
  async run(ctx) {
    const { question, reference, contexts } = ctx.sample;
    const reply = await ask(ctx, attributionPrompt, { question, reference: reference ?? "", context: contexts.join("\n\n") });
    return {
      statements: reply.statements
        .filter((s) => s.statement.trim().length > 0)
        .map((s) => ({ text: s.statement.trim(), attributed: s.attributed, reason: s.reason })),
    };
  },
  score: scoreContextRecall,
  explain: explainContextRecall,
  traceFields: contextRecallTraceFields,
  traceItems: "statements",
};
