import type { AnyMetricId } from "../metrics/types";
import type { ErrorCode, MetricResult } from "../result";

/**
 * A run's journal: what is already finished, one entry per (sample, repeat). The engine owns the
 * shape and the rules; the storage differs (a JSONL file beside the CLI's report, an IndexedDB
 * store in the browser).
 */
export interface JournalEntry {
  sampleId: string;
  /** 0-based: repeat k of a run scored with repeat N (k < N). */
  repeat: number;
  metrics: Partial<Record<AnyMetricId, MetricResult>>;
}

export interface RunJournal {
  /** What is already finished (latest entry per (sampleId, repeat) wins). */
  load(): Promise<JournalEntry[]>;
  /** Durable before it resolves; called as each (sample, repeat) finishes. */
  append(entry: JournalEntry): Promise<void>;
}

/**
 * Nulls that came from something going wrong, which another try may fix. The others are the
 * sample's own answer (no statements, a missing reference, a broken prompt) and would come back
 * the same, at a cost.
 */
const RETRYABLE_CODES: readonly ErrorCode[] = ["llm_error", "parse_error", "cancelled", "internal_error"];

export function isRetryable(result: MetricResult | undefined): boolean {
  return result?.score === null && result.error !== undefined && RETRYABLE_CODES.includes(result.error.code);
}

/** `redo` for "Retry failed": re-run exactly the metrics whose null is retryable. */
export const retryFailed = (entry: JournalEntry, metricId: AnyMetricId): boolean => isRetryable(entry.metrics[metricId]);

export function entryKey(sampleId: string, repeat: number): string {
  return `${repeat}\u0000${sampleId}`;
}

/** The latest entry per (sampleId, repeat), later entries replacing earlier ones. */
export function latestEntries(entries: readonly JournalEntry[]): Map<string, JournalEntry> {
  const latest = new Map<string, JournalEntry>();
  for (const e of entries) latest.set(entryKey(e.sampleId, e.repeat), e);
  return latest;
}

/** A journal kept in memory (tests, and runs that need no durability). */
export function memoryJournal(initial: readonly JournalEntry[] = []): RunJournal & { entries: JournalEntry[] } {
  const entries = [...initial];
  return {
    entries,
    load: async () => [...entries],
    append: async (entry) => {
      entries.push(entry);
    },
  };
}

/** A (sample, repeat) is finished only when every metric of the run has a result (a paused or cancelled one may hold some). */
export function isFinished(entry: JournalEntry | undefined, metricIds: readonly AnyMetricId[]): boolean {
  return entry !== undefined && metricIds.every((id) => entry.metrics[id] !== undefined);
}
