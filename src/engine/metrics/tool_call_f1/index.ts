import type { MetricDefinition } from "../definition";
import { pairCalls, predictedCalls } from "../shared/tool-call-match";
import { toolCallF1Display } from "./display";
import { explainToolCallF1, scoreToolCallF1, type ToolCallF1Trace } from "./score";
import { toolCallF1TraceFields } from "./trace";

/** Contract 16: F1 of predicted against reference tool calls under a maximum one-to-one matching. No judge. */
export const toolCallF1: MetricDefinition<ToolCallF1Trace> = {
  id: "tool_call_f1",
  name: "Tool call F1",
  ...toolCallF1Display,
  family: "conversation",
  batchRounds: 0,
  requires: ["messages", "referenceToolCalls"],
  usesEmbeddings: false,
  prompts: [],
  run: async (ctx) => ({ order: "any" as const, pairs: pairCalls(ctx.sample.referenceToolCalls ?? [], predictedCalls(ctx.sample), "any") }),
  score: scoreToolCallF1,
  explain: explainToolCallF1,
  traceFields: toolCallF1TraceFields,
  traceItems: "tool call pairs",
};
