import type { AnyMetricId } from "../metrics/types";
import type { CallRecord } from "../result";
import type { Sample } from "../sample";
import { allCalls, type SampleResult, type Usage, usageOf } from "./aggregate";
import { type EvaluateConfig, type EvaluateHooks, scoreUnits, type WorkUnit } from "./evaluate";
import { entryKey, type JournalEntry, latestEntries, type RunJournal } from "./journal";
import { type MetricRuns, type RepeatStat, type RepeatSummary, repeatSummary, sampleStats } from "./repeat-stats";

export interface RunDatasetConfig extends EvaluateConfig {
  /** Score every sample this many times (default 1). With a response cache, bypass it for repeats. */
  repeat?: number;
  /**
   * The cache scope of each repeat's requests (JudgeRequest.cacheScope), instead of bypassing the
   * cache: a resumed run reads back the replies each repeat already received, and only those.
   */
  cacheScopeOf?: (repeat: number) => string;
}

export interface RunDatasetHooks extends EvaluateHooks {
  /** Re-run this already journaled metric (e.g. retryFailed). Missing metrics always run. */
  redo?: (entry: JournalEntry, metricId: AnyMetricId) => boolean;
  /** After an entry is durable in the journal (the browser updates its progress from this). */
  onEntry?: (entry: JournalEntry, sampleIndex: number) => void;
  /** False stops starting samples (Pause); the samples already started finish and are journaled. */
  mayStart?: () => boolean;
}

export interface RunDatasetOutput {
  /** runs[sample][repeat]: every metric's result, journaled or (when cancelled) a cancelled null. */
  runs: MetricRuns[][];
  /** Repeat 0 of each sample, shaped like evaluate()'s results. */
  results: SampleResult[];
  /** Per sample and metric: mean and standard deviation over the repeats. */
  stats: Partial<Record<AnyMetricId, RepeatStat>>[];
  summary: { metrics: Partial<Record<AnyMetricId, RepeatSummary>>; ragasScore: number | null };
  /** Every call of every run, journaled ones included (what the whole run cost). */
  usage: Usage;
  peakInFlight: number;
  /** (sample, repeat) pairs that had something to do in this call, and those already finished. */
  requested: number;
  skipped: number;
  /** Every (sample, repeat, metric) has a journaled result. */
  complete: boolean;
  /**
   * What the results cut short by a cancellation had already spent (their completed calls): they
   * are not journaled, so a report counting only journaled results would leave these out.
   */
  dropped: Usage;
}

/**
 * A resumable, repeatable run over evaluate()'s one limiter: loads the journal, asks only for
 * what is not finished (and what `redo` picks), appends each (sample, repeat) as it finishes,
 * and returns the run as a whole, as an uninterrupted run would have produced it.
 */
export async function runDataset(
  samples: readonly Sample[],
  metricIds: readonly AnyMetricId[],
  config: RunDatasetConfig,
  journal: RunJournal,
  hooks: RunDatasetHooks = {},
): Promise<RunDatasetOutput> {
  const repeat = config.repeat ?? 1;
  if (!Number.isInteger(repeat) || repeat < 1) throw new Error(`repeat must be a positive integer, got ${repeat}`);
  assertUniqueIds(samples);
  const known = new Set(samples.map((s) => s.id));
  const journaled = new Map([...latestEntries(await journal.load())].filter(([, e]) => known.has(e.sampleId) && e.repeat < repeat));

  const units: (WorkUnit & { sampleIndex: number; repeat: number; base: MetricRuns })[] = [];
  samples.forEach((sample, sampleIndex) => {
    for (let r = 0; r < repeat; r++) {
      const entry = journaled.get(entryKey(sample.id, r));
      const todo = metricIds.filter((id) => !entry?.metrics[id] || hooks.redo?.(entry, id) === true);
      if (todo.length === 0) continue;
      const cacheScope = config.cacheScopeOf?.(r);
      units.push({ sample, metricIds: todo, sampleIndex, repeat: r, base: { ...entry?.metrics }, ...(cacheScope !== undefined ? { cacheScope } : {}) });
    }
  });

  const fresh = new Map<string, MetricRuns>();
  const droppedCalls: CallRecord[] = [];
  const { peakInFlight } = await scoreUnits(units, config, {
    ...(hooks.signal ? { signal: hooks.signal } : {}),
    ...(hooks.mayStart ? { mayStart: hooks.mayStart } : {}),
    onProgress: hooks.onProgress,
    onResult: (event) => hooks.onResult?.({ ...event, sampleIndex: units[event.sampleIndex]!.sampleIndex }),
    onUnitDone: async (index, metrics) => {
      const unit = units[index]!;
      fresh.set(entryKey(unit.sample.id, unit.repeat), metrics);
      // A result cut short by this run's cancellation is not finished: the next resume asks again.
      const kept = hooks.signal?.aborted ? dropCancelled(metrics) : metrics;
      for (const [id, result] of Object.entries(metrics)) if (!(id in kept) && result) droppedCalls.push(...result.trace.calls);
      if (Object.keys(kept).length === 0) return;
      const entry: JournalEntry = { sampleId: unit.sample.id, repeat: unit.repeat, metrics: ordered({ ...unit.base, ...kept }, metricIds) };
      await journal.append(entry);
      journaled.set(entryKey(entry.sampleId, entry.repeat), entry);
      hooks.onEntry?.(entry, unit.sampleIndex);
    },
  });

  return {
    ...collectRun(samples, metricIds, repeat, [...journaled.values()], fresh),
    peakInFlight,
    dropped: usageOf(droppedCalls),
    requested: units.length,
    skipped: samples.length * repeat - units.length,
  };
}

export type CollectedRun = Omit<RunDatasetOutput, "peakInFlight" | "requested" | "skipped" | "dropped">;

/**
 * A run as a whole from its journal entries (and, after a cancellation, this session's unfinished
 * results): what runDataset returns, and what a stored run is shown and reported from. Pure.
 */
export function collectRun(
  samples: readonly Sample[],
  metricIds: readonly AnyMetricId[],
  repeat: number,
  entries: readonly JournalEntry[],
  fresh: ReadonlyMap<string, MetricRuns> = new Map(),
): CollectedRun {
  const journaled = latestEntries(entries);
  let complete = true;
  const runs = samples.map((sample) =>
    Array.from({ length: repeat }, (_, r) => {
      const key = entryKey(sample.id, r);
      const done = journaled.get(key)?.metrics ?? {};
      if (metricIds.some((id) => !done[id])) complete = false;
      return ordered({ ...fresh.get(key), ...done }, metricIds);
    }),
  );
  const stats = sampleStats(runs, metricIds);
  return {
    runs,
    results: samples.map((s, i) => ({ sampleId: s.id, metrics: runs[i]![0]! })),
    stats,
    summary: repeatSummary(stats, metricIds),
    usage: usageOf(allCalls(runs.flatMap((repeats) => repeats.map((metrics) => ({ sampleId: "", metrics }))))),
    complete,
  };
}

function dropCancelled(metrics: MetricRuns): MetricRuns {
  return Object.fromEntries(Object.entries(metrics).filter(([, r]) => r?.error?.code !== "cancelled"));
}

/** Keys in the run's metric order, so a resumed run's report reads exactly like a fresh one. */
function ordered(metrics: MetricRuns, metricIds: readonly AnyMetricId[]): MetricRuns {
  const out: MetricRuns = {};
  for (const id of metricIds) if (metrics[id]) out[id] = metrics[id];
  return out;
}

function assertUniqueIds(samples: readonly Sample[]): void {
  const seen = new Set<string>();
  for (const s of samples) {
    if (seen.has(s.id)) throw new Error(`sample id "${s.id}" appears twice; a run journal needs unique ids`);
    seen.add(s.id);
  }
}
