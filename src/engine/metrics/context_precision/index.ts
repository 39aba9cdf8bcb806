import { numbered } from "../../prompts/render";
import { ask } from "../shared/ask";
import { coversEachOnce } from "../shared/schema";
import type { MetricContext, MetricDefinition } from "../types";
import { usefulnessOutput, usefulnessPrompt, type UsefulnessOutput } from "./prompts";
import { explainContextPrecision, scoreContextPrecision, type ContextPrecisionTrace, type ContextVerdict } from "./score";

/** Judges a run of contexts in one call; the reply must give exactly one verdict per context. */
async function judgeContexts(ctx: MetricContext, contexts: readonly string[], firstIndex: number): Promise<ContextVerdict[]> {
  const prompt = ctx.prompt(usefulnessPrompt);
  const oneEach = usefulnessOutput.superRefine((value: UsefulnessOutput, issue) => {
    const problem = coversEachOnce(
      value.verdicts.map((v) => v.context),
      contexts.length,
      "context",
    );
    if (problem) issue.addIssue({ code: "custom", path: ["verdicts"], message: problem });
  });
  const input = { question: ctx.sample.question, reference: ctx.sample.reference ?? "", contexts: numbered(contexts) };
  const reply = await ask(ctx, usefulnessPrompt, input, { ...prompt.output, schema: oneEach });
  return reply.verdicts.map((v) => ({ index: firstIndex + v.context - 1, verdict: v.verdict, reason: v.reason })).sort((a, b) => a.index - b.index);
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
