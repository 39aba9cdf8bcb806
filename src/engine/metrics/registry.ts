import type { PromptDef } from "../prompts/types";
import { BUILT_IN_METRICS } from "./built-in";
import { type CustomJudge, customJudgeMetric, customJudgeShape, type CustomJudgeTrace, isCustomId } from "./custom";
import type { CustomMetricId, MetricDefinition } from "./definition";

/** A built-in metric id: a key of the registry (src/engine/metrics/built-in.ts). */
export type MetricId = keyof typeof BUILT_IN_METRICS;
/** Any metric the engine runs: every engine API (evaluate, runDataset, results, summaries) is keyed by these. */
export type AnyMetricId = MetricId | CustomMetricId;

/** Every built-in metric by id; one definition type for all, so any of them can be called alike. */
export const METRICS: Readonly<Record<MetricId, MetricDefinition>> = BUILT_IN_METRICS;

/**
 * Every built-in metric id in registry order, the one list the per-metric tables (labels, trace
 * views, stored results, the CLI's --metrics) are keyed by; custom judges (`custom:<slug>`) come
 * on top, defined by the user.
 */
export const METRIC_IDS: readonly MetricId[] = Object.keys(METRICS) as MetricId[];

type TraceOf<D> = D extends MetricDefinition<infer T> ? T : never;

/** The trace each metric writes: a result's metric id decides its trace's shape (read off each folder's definition). */
export type MetricTraces = { [K in MetricId]: TraceOf<(typeof BUILT_IN_METRICS)[K]> } & { [custom: CustomMetricId]: CustomJudgeTrace };

/** A built-in metric id (custom judges are not: see isKnownMetricId). */
export function isMetricId(id: string): id is MetricId {
  return Object.hasOwn(METRICS, id);
}

/** A built-in id, or a well-formed `custom:<slug>` (whose definition the caller must supply to run it). */
export function isKnownMetricId(id: string): id is AnyMetricId {
  return isMetricId(id) || isCustomId(id);
}

/**
 * The definition behind an id: a built-in metric, or a custom judge from `customJudges` (the
 * prompt set or the report that carries them).
 */
export function getMetric(id: AnyMetricId, customJudges: readonly CustomJudge[] = []): MetricDefinition {
  if (isCustomId(id)) {
    const judge = customJudges.find((j) => `custom:${j.slug}` === id);
    if (!judge)
      throw new Error(
        `no judge "${id}" is defined (custom judges come with a prompt set: ${customJudges.map((j) => `custom:${j.slug}`).join(", ") || "none given"})`,
      );
    return customJudgeMetric(judge);
  }
  if (!isMetricId(id)) throw new Error(`unknown metric "${id}"; known: ${METRIC_IDS.join(", ")}`);
  return METRICS[id];
}

/** What the app shows of a metric without needing its judge's definition: every custom judge shares these. */
export type MetricShape = Pick<MetricDefinition, "family" | "lowerIsBetter" | "batchRounds" | "optionFields" | "summarize" | "traceDiff" | "traceFields">;

/** The shape of a built-in metric or of any custom judge; undefined for an id this version does not know. */
export function metricShape(id: string): MetricShape | undefined {
  if (isCustomId(id)) return customJudgeShape;
  return isMetricId(id) ? METRICS[id] : undefined;
}

/** Every built-in prompt once, keyed by id (the prompt studio lists these; metrics share the statement prompts). */
export function allPrompts(): PromptDef[] {
  const seen = new Map<string, PromptDef>();
  for (const metric of Object.values(METRICS)) for (const p of metric.prompts) if (!seen.has(p.id)) seen.set(p.id, p);
  return [...seen.values()];
}
