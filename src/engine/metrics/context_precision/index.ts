import { numbered } from "../../prompts/render";
import type { JudgeOutputSpec } from "../../ports";
import type { PromptDef } from "../../prompts/types";
import { askEach } from "../shared/ask";
import { optionsOf, flag } from "../shared/options";
import { contextPrecisionDisplay } from "./display";
import type { MetricContext, MetricDefinition, MetricOptions } from "../definition";
import { type UsefulnessVerdict, usefulnessOutputFor, usefulnessPrompt } from "./prompts";
import { explainContextPrecision, scoreContextPrecision, type ContextPrecisionTrace, type ContextVerdict } from "./score";
import { contextPrecisionTraceFields } from "./trace";

/** How the contexts are judged: which prompt, its reply schema, and the text each context must have been useful for. */
export interface UsefulnessJudging {
  prompt: PromptDef<UsefulnessVerdict[]>;
  outputFor: (n?: number) => JudgeOutputSpec<UsefulnessVerdict[]>;
  /** The prompt's input besides the numbered contexts (question and reference, or question and answer). */
  input: (ctx: MetricContext) => Record<string, string>;
}

/** Judges a run of contexts in one call; the schema sent asks for exactly one verdict per context, in order. */
async function judgeContexts(ctx: MetricContext, how: UsefulnessJudging, contexts: readonly string[], firstIndex: number): Promise<ContextVerdict[]> {
  const fixed = how.input(ctx);
  const verdicts = await askEach(
    ctx,
    how.prompt,
    contexts.length,
    (items) => ({ ...fixed, contexts: numbered(items.map((i) => contexts[i]!)) }),
    how.outputFor,
  );
  return verdicts.map((v, k) => ({ index: firstIndex + k, verdict: v.verdict, reason: v.reason }));
}

/** Every context judged, in one call or (perContextCalls, as ragas does) one call each, all in parallel. */
export async function judgeUsefulness(ctx: MetricContext, how: UsefulnessJudging): Promise<ContextVerdict[]> {
  const { contexts } = ctx.sample;
  if (!ctx.options.perContextCalls) return judgeContexts(ctx, how, contexts, 0);
  const each = await Promise.all(contexts.map((c, i) => judgeContexts(ctx, how, [c], i)));
  return each.flat();
}

export const perContextOptions = optionsOf({ perContextCalls: flag.optional() });
export const usefulnessCalls = (sample: { contexts: readonly string[] }, options: MetricOptions) => ({
  chat: options.perContextCalls ? sample.contexts.length : 1,
  embedding: 0,
});

const againstReference: UsefulnessJudging = {
  prompt: usefulnessPrompt,
  outputFor: usefulnessOutputFor,
  input: (ctx) => ({ question: ctx.sample.question, reference: ctx.sample.reference ?? "" }),
};

export const contextPrecision: MetricDefinition<ContextPrecisionTrace> = {
  id: "context_precision",
  name: "Context precision",
  ...contextPrecisionDisplay,
  family: "paper",
  batchRounds: 1,
  optionFields: [{ key: "perContextCalls", kind: "checkbox" }],
  requires: ["question", "contexts", "reference"],
  usesEmbeddings: false,
  prompts: [usefulnessPrompt],
  options: perContextOptions,
  calls: usefulnessCalls,
  async run(ctx) {
    return { contexts: await judgeUsefulness(ctx, againstReference) };
  },
  score: scoreContextPrecision,
  explain: explainContextPrecision,
  traceFields: contextPrecisionTraceFields,
  traceItems: "contexts",
};
