import { isMetricId, type MetricId, type MetricResult, type Sample } from "../../../engine";
import type { RunView } from "../store/types";
import { addHistoryEntry, addHistoryResult, deleteHistoryEntry, listHistory, pruneHistory, type HistoryEntry } from "../../../storage/db/history";
import { addLastSessionResult, loadLastSession, saveLastSession } from "../../../storage/db/session";
import { useApp } from "../store";
import { withDb } from "./db";

const HISTORY_LIMIT = 100;
/** Older entries are deleted so history cannot fill the browser's storage by itself. */
const HISTORY_KEEP = 500;

export async function refreshHistory(): Promise<void> {
  const listed = await withDb((db) => listHistory(db, HISTORY_LIMIT));
  if (listed) useApp.getState().setHistory(listed.entries);
}

export interface RunRecorder {
  /** Stores one finished metric in history and the last session, in order. */
  add(metricId: MetricId, result: MetricResult): void;
  /** Waits for every write; drops the entry when nothing but cancellations was recorded. */
  finish(): Promise<void>;
}

/**
 * A run is written as it goes: the entry and session first, then each result the moment its
 * metric finishes, so a reload mid-run loses nothing already scored. Writes are chained so a
 * result never races ahead of the entry it belongs to.
 */
export function recordRun(sample: Sample, metricIds: MetricId[], model: string, demo: boolean): RunRecorder {
  let historyId: string | undefined;
  let kept = 0;
  let chain: Promise<unknown> = withDb(async (db) => {
    const entry = await addHistoryEntry(db, { sample, metrics: metricIds, results: {}, model, demo });
    historyId = entry.id;
    useApp.getState().setHistoryId(entry.id);
    await saveLastSession(db, { sample, metrics: metricIds, results: {}, historyId: entry.id });
  });
  const then = (step: () => Promise<unknown>) => {
    chain = chain.then(step, step);
  };
  return {
    add(metricId, result) {
      if (result.error?.code !== "cancelled") kept++;
      then(() =>
        withDb(async (db) => {
          if (historyId) await addHistoryResult(db, historyId, metricId, result);
          await addLastSessionResult(db, metricId, result);
        }),
      );
    },
    async finish() {
      then(() =>
        withDb(async (db) => {
          if (kept === 0 && historyId) await deleteHistoryEntry(db, historyId);
          await pruneHistory(db, HISTORY_KEEP);
        }),
      );
      await chain;
      await refreshHistory();
    },
  };
}

/** Brings back the last sample and whatever results it had. */
export async function restoreLastSession(): Promise<void> {
  const loaded = await withDb((db) => loadLastSession(db));
  const session = loaded?.session;
  if (!session) return;
  const s = useApp.getState();
  s.loadDraft(session.sample);
  if (Object.keys(session.results).length > 0) {
    const entry = useApp.getState().history.find((h) => h.id === session.historyId);
    s.showResults(
      {
        sample: session.sample,
        metricIds: session.metrics.filter(isMetricId),
        results: session.results,
        demo: entry?.demo ?? false,
        model: entry?.model ?? s.settings.model,
        historyId: session.historyId ?? null,
      },
      session.savedAt,
    );
  }
}

/** Saves the draft as the last session (when no run is writing to it), with results that still belong to it. */
export async function saveDraftSession(
  sample: Sample,
  metricIds: MetricId[],
  results: Partial<Record<MetricId, MetricResult>>,
  historyId: string | null,
): Promise<void> {
  await withDb((db) => saveLastSession(db, { sample, metrics: metricIds, results, ...(historyId ? { historyId } : {}) }));
}

export async function removeHistoryEntry(id: string): Promise<void> {
  await withDb((db) => deleteHistoryEntry(db, id));
  await refreshHistory();
}

export function entryToView(entry: HistoryEntry) {
  // The playground's tables know MetricId; a stored metric they do not show yet stays in IndexedDB.
  return {
    sample: entry.sample,
    metricIds: entry.metrics.filter(isMetricId),
    results: entry.results as RunView["results"],
    demo: entry.demo,
    model: entry.model,
    historyId: entry.id,
  };
}
