import type { CustomJudge } from "../metrics/custom";
import { getMetric } from "../metrics/registry";
import type { AnyMetricId, MetricOptions, SharedReplies } from "../metrics/types";
import type { Embedder, Judge } from "../ports";
import type { PromptOverrides } from "../prompts/types";
import type { MetricResult } from "../result";
import type { Sample } from "../sample";
import { allCalls, summarize, usageOf, type SampleResult, type Summary, type Usage } from "./aggregate";
import { Limiter } from "./limiter";
import { limitEmbedder, limitJudge } from "./limited-ports";
import { scoreMetric } from "./score-metric";

export interface EvaluateConfig {
  /** Absent when only metrics that need no judge run (bleu, rouge_l, ...): nothing is requested then. */
  judge?: Judge;
  embedder?: Embedder;
  /** Most requests in flight at once, across every sample and metric of the run. */
  concurrency: number;
  prompts?: PromptOverrides;
  metricOptions?: Partial<Record<AnyMetricId, MetricOptions>>;
  /** The definitions behind any `custom:<slug>` among the metric ids (from a prompt set). */
  customJudges?: readonly CustomJudge[];
}

/** One finished (sample, metric); `Id` is the caller's own id type (the app's lists use the paper's five). */
interface ResultEvent<Id extends AnyMetricId = AnyMetricId> {
  sampleIndex: number;
  sampleId: string;
  metricId: Id;
  result: MetricResult;
}

export interface EvaluateHooks<Id extends AnyMetricId = AnyMetricId> {
  signal?: AbortSignal;
  onProgress?: (progress: { done: number; total: number }) => void;
  onResult?: (event: ResultEvent<Id>) => void;
}

export interface EvaluateOutput {
  results: SampleResult[];
  summary: Summary;
  usage: Usage;
  /** Most requests that were in flight at once (never more than the concurrency). */
  peakInFlight: number;
}

/**
 * Scores every sample with every metric. All independent calls run in parallel through ONE
 * limiter; a sample's metrics start together; every (sample, metric) pair ends with a result,
 * a score or a coded null, even when cancelled.
 */
export async function evaluate<Id extends AnyMetricId>(
  samples: readonly Sample[],
  metricIds: readonly Id[],
  config: EvaluateConfig,
  hooks: EvaluateHooks<Id> = {},
): Promise<EvaluateOutput> {
  const out = await scoreUnits(
    samples.map((sample) => ({ sample, metricIds })),
    config,
    hooks as EvaluateHooks,
  );
  return { results: out.results, summary: summarize(out.results, metricIds), usage: usageOf(allCalls(out.results)), peakInFlight: out.peakInFlight };
}

/** One piece of work: some metrics on one sample (a resumed run asks only for what is missing). */
export interface WorkUnit {
  sample: Sample;
  metricIds: readonly AnyMetricId[];
  /** Every request of this unit carries it (JudgeRequest.cacheScope): a repeat's own stored replies. */
  cacheScope?: string;
}

export interface UnitHooks extends EvaluateHooks {
  /**
   * Called once a unit's metrics have all finished, before its worker takes the next unit, so a
   * journal write is durable before more work starts. A rejection stops the run (e.g. disk full).
   */
  onUnitDone?: (unitIndex: number, metrics: SampleResult["metrics"]) => void | Promise<void>;
  /**
   * Asked before each unit starts; false stops starting units (Pause) while the units already
   * started finish every metric, their follow-up requests included, so nothing sent is wasted.
   */
  mayStart?: () => boolean;
}

/**
 * The one orchestration of the engine: every unit's metrics through ONE limiter, a bounded
 * number of units in flight. evaluate() and runDataset() are both built on it. In events,
 * `sampleIndex` is the unit's index.
 */
export async function scoreUnits(
  units: readonly WorkUnit[],
  config: EvaluateConfig,
  hooks: UnitHooks = {},
): Promise<{ results: SampleResult[]; peakInFlight: number }> {
  // Every id resolved before the first request: an unknown judge stops the run, not one sample.
  const definitions = new Map(units.flatMap((u) => u.metricIds).map((id) => [id, getMetric(id, config.customJudges)]));
  const limiter = new Limiter(config.concurrency);
  const judge = config.judge ? limitJudge(config.judge, limiter) : undefined;
  const embedder = config.embedder ? limitEmbedder(config.embedder, limiter) : undefined;
  const results: SampleResult[] = units.map((u) => ({ sampleId: u.sample.id, metrics: {} }));
  const total = units.reduce((n, u) => n + u.metricIds.length, 0);
  let done = 0;

  const scoreUnit = async (index: number) => {
    const { sample, metricIds, cacheScope } = units[index]!;
    // One sample's metrics send a request they share (the answer's statements) once.
    const shared: SharedReplies = new Map();
    await Promise.all(
      metricIds.map(async (id) => {
        const metric = definitions.get(id)!;
        const result = await scoreMetric(metric, sample, {
          judge: judge && cacheScope !== undefined ? scopedJudge(judge, cacheScope) : judge,
          embedder: embedder && cacheScope !== undefined ? scopedEmbedder(embedder, cacheScope) : embedder,
          prompts: config.prompts,
          options: config.metricOptions?.[id] ?? {},
          signal: hooks.signal,
          shared,
        });
        results[index]!.metrics[id] = result;
        done++;
        hooks.onResult?.({ sampleIndex: index, sampleId: sample.id, metricId: id, result });
        hooks.onProgress?.({ done, total });
      }),
    );
    await hooks.onUnitDone?.(index, results[index]!.metrics);
  };

  // Enough units in flight to keep every request slot busy, few enough that a 10,000-row
  // dataset does not put 50,000 promises in the limiter's queue at once.
  const unitsInFlight = Math.max(4, config.concurrency * 2);
  let next = 0;
  const worker = async () => {
    while (next < units.length && hooks.mayStart?.() !== false) await scoreUnit(next++);
  };
  await Promise.all(Array.from({ length: Math.min(unitsInFlight, units.length) }, worker));
  return { results, peakInFlight: limiter.peak };
}

function scopedJudge(judge: Judge, cacheScope: string): Judge {
  return { complete: (request) => judge.complete({ ...request, cacheScope }) };
}

function scopedEmbedder(embedder: Embedder, cacheScope: string): Embedder {
  return { embed: (request) => embedder.embed({ ...request, cacheScope }) };
}
