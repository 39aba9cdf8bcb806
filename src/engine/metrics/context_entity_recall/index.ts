import { extractWith } from "../shared/steps";
import { contextEntityRecallDisplay } from "./display";
import type { MetricDefinition } from "../definition";
import { entitiesPrompt } from "./prompts";
import { explainContextEntityRecall, scoreContextEntityRecall, type ContextEntityRecallTrace } from "./score";
import { contextEntityRecallTraceFields } from "./trace";

/** Context entity recall: the reference's entities found among the contexts' entities; 2 chat calls at once. */
export const contextEntityRecall: MetricDefinition<ContextEntityRecallTrace> = {
  id: "context_entity_recall",
  name: "Context entity recall",
  ...contextEntityRecallDisplay,
  family: "ragas",
  batchRounds: 1,
  requires: ["contexts", "reference"],
  usesEmbeddings: false,
  prompts: [entitiesPrompt],
  calls: () => ({ chat: 2, embedding: 0 }),
  async run(ctx) {
    const [referenceEntities, contextEntities] = await Promise.all([
      extractWith(ctx, entitiesPrompt, { text: ctx.sample.reference ?? "" }, "entities"),
      extractWith(ctx, entitiesPrompt, { text: ctx.sample.contexts.join("\n\n") }, "entities"),
    ]);
    return { referenceEntities, contextEntities };
  },
  score: scoreContextEntityRecall,
  explain: explainContextEntityRecall,
  traceFields: contextEntityRecallTraceFields,
  traceItems: "entities",
};
