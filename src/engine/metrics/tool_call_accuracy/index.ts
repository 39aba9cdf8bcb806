import type { MetricDefinition } from "../definition";
import { oneOf, optionsOf } from "../shared/options";
import { pairCalls, predictedCalls, type ToolCallOrder } from "../shared/tool-call-match";
import { toolCallAccuracyDisplay } from "./display";
import { explainToolCallAccuracy, scoreToolCallAccuracy, type ToolCallAccuracyTrace } from "./score";
import { toolCallAccuracyTraceFields } from "./trace";

const DEFAULT_ORDER: ToolCallOrder = "strict";

/** Contract 16: M / max(reference, predicted) with M under `order` (strict: LCS; any: maximum matching). No judge. */
export const toolCallAccuracy: MetricDefinition<ToolCallAccuracyTrace> = {
  id: "tool_call_accuracy",
  name: "Tool call accuracy",
  ...toolCallAccuracyDisplay,
  family: "conversation",
  batchRounds: 0,
  optionFields: [{ key: "order", kind: "select", values: ["strict", "any"] }],
  options: optionsOf({ order: oneOf(["strict", "any"]).optional() }),
  defaults: { order: DEFAULT_ORDER },
  requires: ["messages", "referenceToolCalls"],
  usesEmbeddings: false,
  prompts: [],
  run: async (ctx) => {
    const order = ctx.options.order ?? DEFAULT_ORDER;
    return { order, pairs: pairCalls(ctx.sample.referenceToolCalls ?? [], predictedCalls(ctx.sample), order) };
  },
  score: scoreToolCallAccuracy,
  explain: explainToolCallAccuracy,
  traceFields: toolCallAccuracyTraceFields,
  traceItems: "tool call pairs",
};
