import { numbered } from "../../prompts/render";
import { askEach } from "../shared/ask";
import type { MetricContext, MetricDefinition } from "../types";
import { usefulnessOutputFor, usefulnessPrompt } from "./prompts";
import { explainContextPrecision, scoreContextPrecision, type ContextPrecisionTrace, type ContextVerdict } from "./score";

/** Judges a run of contexts in one call; the schema sent asks for exactly one verdict per context, in order. */
async function judgeContexts(ctx: MetricContext, contexts: readonly string[], firstIndex: number): Promise<ContextVerdict[]> {
  const { question, reference } = ctx.sample;
  const verdicts = await askEach(
    ctx,
    usefulnessPrompt,
    contexts.length,
    (items) => ({ question, reference: reference ?? "", contexts: numbered(items.map((i) => contexts[i]!)) }),
    usefulnessOutputFor,
  );
  return verdicts.map((v, k) => ({ index: firstIndex + k, verdict: v.verdict, reason: v.reason }));
}

export const contextPrecision: MetricDefinition<ContextPrecisionTrace> = {
  id: "context_precision",
  name: "Context precision",
  requires: ["question", "contexts", "reference"],
  usesEmbeddings: false,
  prompts: [usefulnessPrompt],
  async run(ctx) {
    const { contexts } = ctx.sample;
    if (!ctx.options.perContextCalls) return { contexts: await judgeContexts(ctx, contexts, 0) };
    // As the reference implementation does: one call per context, but all in parallel.
    const each = await Promise.all(contexts.map((c, i) => judgeContexts(ctx, [c], i)));
    return { contexts: each.flat() };
  },
  score: scoreContextPrecision,
  explain: explainContextPrecision,
};
