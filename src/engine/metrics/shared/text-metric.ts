import type { CallRecord, ScoreOutcome } from "../../result";
import type { MetricDefinition } from "../definition";

/**
 * A metric that needs no judge: no prompt, no embedding, no request. Its trace is computed from
 * the answer and the reference alone (both required: without one it is a coded null
 * `missing_input` before it runs), so it scores with no key, in the playground and the CLI alike.
 */
export function textMetric<TTrace extends { calls: CallRecord[] }>(
  spec: Pick<MetricDefinition<TTrace>, "names" | "descriptions" | "summarize"> & {
    id: string;
    name: string;
    /** May load its tokenizer lazily (a promise): the first screen needs none of them. */
    trace(answer: string, reference: string): Omit<TTrace, "calls"> | Promise<Omit<TTrace, "calls">>;
    score(trace: TTrace): ScoreOutcome;
    explain(trace: TTrace, outcome: ScoreOutcome): string;
    traceFields: MetricDefinition<TTrace>["traceFields"];
    traceItems: string;
  },
): MetricDefinition<TTrace> {
  return {
    id: spec.id,
    name: spec.name,
    names: spec.names,
    descriptions: spec.descriptions,
    family: "text",
    // No request: scored in a batch run's first pass.
    batchRounds: 0,
    ...(spec.summarize ? { summarize: spec.summarize } : {}),
    requires: ["answer", "reference"],
    usesEmbeddings: false,
    prompts: [],
    run: async (ctx) => spec.trace(ctx.sample.answer, ctx.sample.reference ?? ""),
    score: spec.score,
    explain: spec.explain,
    traceFields: spec.traceFields,
    traceItems: spec.traceItems,
  };
}

/** True for a metric that makes no request at all (no prompt, no embedding): it needs no key. */
export function needsNoModel(metric: Pick<MetricDefinition, "prompts" | "usesEmbeddings">): boolean {
  return metric.prompts.length === 0 && !metric.usesEmbeddings;
}
