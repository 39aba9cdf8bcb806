import { type AnyMetricId, isRetryable, type JournalEntry, type Sample } from "../../../engine";
import type { WorkUnit } from "../../../engine/run/evaluate";

/**
 * What a batch pass of a run still has to settle, from the run's stored results: per sample, the
 * metrics with no result yet, or whose result is a retryable null (a failed or expired line).
 * A batch run writes its results only when it finishes, so while it runs (and after a reload) this
 * is every (sample, metric) of a new run, and exactly the failed ones of a "Retry failed": the
 * same rule starts, resumes and retries, and a reload mid-retry never sends the whole run again.
 */
export function pendingUnits(samples: readonly Sample[], entries: readonly JournalEntry[], metricIds: readonly AnyMetricId[]): WorkUnit[] {
  // A batch run scores each sample once (repeat 0).
  const bySample = new Map(entries.filter((e) => e.repeat === 0).map((e) => [e.sampleId, e]));
  return samples.flatMap((sample) => {
    const entry = bySample.get(sample.id);
    const open = metricIds.filter((id) => {
      const result = entry?.metrics[id];
      return result === undefined || isRetryable(result);
    });
    return open.length > 0 ? [{ sample, metricIds: open }] : [];
  });
}

/** A pass's results over what is stored: the metrics it settled replace theirs, the others stay. */
export function mergeResults(entries: readonly JournalEntry[], results: readonly { sampleId: string; metrics: JournalEntry["metrics"] }[]): JournalEntry[] {
  const stored = new Map(entries.filter((e) => e.repeat === 0).map((e) => [e.sampleId, e]));
  return results.map((r) => ({ sampleId: r.sampleId, repeat: 0, metrics: { ...stored.get(r.sampleId)?.metrics, ...r.metrics } }));
}
