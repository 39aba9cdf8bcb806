import { create } from "zustand";
import { isFinished, isRetryable, type JournalEntry, type AnyMetricId } from "../../engine";
import type { RunMeta } from "../../storage/db/runs";
import { estimateCost } from "../../storage/prices";
import type { PriceRow } from "../../storage/prices";

/**
 * The runs pane's state. Progress counters are kept incrementally per finished (sample, repeat),
 * so a 10,000-sample run does not recount everything on every result.
 */
interface RunCounters {
  finished: number;
  failed: number;
  tokens: number;
  usd: number;
  unpriced: string[];
}

export interface LiveRun {
  runId: string;
  /** Date.now() when this page started (or resumed) the run. */
  startedAt: number;
  /** Finished (sample, repeat) pairs when it started, for the ETA. */
  finishedAtStart: number;
  stopping: "pause" | "cancel" | null;
}

/** A message about a button that was pressed, shown next to that button. */
export interface RunNotice {
  text: string;
  at: "start" | "resume" | "remove";
  /** The fix is in Settings (no key, endpoint unreachable): the notice links there. */
  settings?: boolean;
}

interface RunsState {
  datasetId: string | null;
  runs: RunMeta[];
  counters: Record<string, RunCounters>;
  live: LiveRun | null;
  selectedId: string | null;
  compareId: string | null;
  notice: RunNotice | null;
  /** Runs another tab is running now (their lock is held there): shown read-only, refreshed live. */
  elsewhere: string[];
  /** Bumped when a run's stored results change enough to rebuild its report. */
  version: number;
  /** Per run started without a key: the chosen metrics it skipped (they need a judge). This session only. */
  keylessSkips: Record<string, AnyMetricId[]>;
}

export const useRuns = create<RunsState>()(() => ({
  datasetId: null,
  runs: [],
  counters: {},
  live: null,
  selectedId: null,
  compareId: null,
  notice: null,
  elsewhere: [],
  version: 0,
  keylessSkips: {},
}));

/** Per run: the latest entry per (sample, repeat), the source of the counters. */
const entriesByRun = new Map<string, Map<string, JournalEntry>>();
/** Per run: its metrics (a sample is finished only when each has a result) and whether it went by batch (its prices). */
const runsById = new Map<string, { metrics: readonly AnyMetricId[]; byBatch: boolean }>();

const keyOf = (e: JournalEntry) => `${e.repeat}\u0000${e.sampleId}`;

function contribution(entry: JournalEntry, prices: readonly PriceRow[], metricIds: readonly AnyMetricId[], batch: boolean) {
  const results = Object.values(entry.metrics);
  const calls = results.flatMap((r) => (r ? r.trace.calls : []));
  const cost = estimateCost(calls, prices, { batch });
  return {
    finished: isFinished(entry, metricIds) ? 1 : 0,
    failed: results.some((r) => isRetryable(r)) ? 1 : 0,
    tokens: calls.reduce((n, c) => n + c.promptTokens + c.completionTokens, 0),
    usd: cost.usd,
    unpriced: cost.unpriced,
  };
}

/** `run`: its metrics and whether it went by batch (priced at the price table's batch column). */
export function resetEntries(runId: string, entries: readonly JournalEntry[], prices: readonly PriceRow[], run: Pick<RunMeta, "metrics" | "byBatch">): void {
  entriesByRun.set(runId, new Map());
  runsById.set(runId, { metrics: run.metrics, byBatch: run.byBatch === true });
  useRuns.setState((s) => ({ counters: { ...s.counters, [runId]: { finished: 0, failed: 0, tokens: 0, usd: 0, unpriced: [] } } }));
  for (const e of entries) recordEntry(runId, e, prices);
}

/** One finished (sample, repeat): replaces its earlier entry (a retry) in the counters. */
export function recordEntry(runId: string, entry: JournalEntry, prices: readonly PriceRow[]): void {
  const map = entriesByRun.get(runId) ?? new Map<string, JournalEntry>();
  entriesByRun.set(runId, map);
  const before = map.get(keyOf(entry));
  map.set(keyOf(entry), entry);
  const run = runsById.get(runId);
  const metricIds = run?.metrics ?? (Object.keys(entry.metrics) as AnyMetricId[]);
  const batch = run?.byBatch ?? false;
  const add = contribution(entry, prices, metricIds, batch);
  const sub = before ? contribution(before, prices, metricIds, batch) : { finished: 0, failed: 0, tokens: 0, usd: 0, unpriced: [] };
  useRuns.setState((s) => {
    const c = s.counters[runId] ?? { finished: 0, failed: 0, tokens: 0, usd: 0, unpriced: [] };
    return {
      counters: {
        ...s.counters,
        [runId]: {
          finished: c.finished + add.finished - sub.finished,
          failed: c.failed + add.failed - sub.failed,
          tokens: c.tokens + add.tokens - sub.tokens,
          usd: c.usd + add.usd - sub.usd,
          unpriced: [...new Set([...c.unpriced, ...add.unpriced])],
        },
      },
    };
  });
}

export function entriesOf(runId: string): JournalEntry[] {
  return [...(entriesByRun.get(runId)?.values() ?? [])];
}

/**
 * What the list shows: a run stored as running that this page is not running is either running
 * in another tab (that tab holds its lock) or was interrupted.
 */
export function displayStatus(meta: RunMeta, live: LiveRun | null, elsewhere: readonly string[] = []): RunMeta["status"] | "interrupted" | "elsewhere" {
  if (meta.status === "running" && live?.runId !== meta.id) return elsewhere.includes(meta.id) ? "elsewhere" : "interrupted";
  return meta.status;
}
