import type { AnyMetricId, MetricResult, Sample } from "../../../engine";
import { addHistoryEntry, addHistoryResult, deleteHistoryEntry, listHistory, pruneHistory, type HistoryEntry } from "../../../storage/db/history";
import { addLastSessionResult, loadLastSession, saveLastSession, type UnparsedDraft } from "../../../storage/db/session";
import type { RawOptions } from "../metric-picker/groups";
import { allFailed } from "../results/failures";
import { sameSample } from "../sample-draft";
import { useApp } from "../store";
import { withDb } from "./db";

const HISTORY_LIMIT = 100;
/** Older entries are deleted so history cannot fill the browser's storage by itself. */
const HISTORY_KEEP = 500;

export async function refreshHistory(): Promise<void> {
  const listed = await withDb((db) => listHistory(db, HISTORY_LIMIT));
  if (listed) useApp.getState().setHistory(listed.entries);
}

export interface ScoringRecorder {
  /** Stores one finished metric in history and the last session, in order. */
  add(metricId: AnyMetricId, result: MetricResult): void;
  /**
   * Waits for every write, then tidies history: an entry with nothing but cancellations, or where
   * every metric failed (a dead port, CORS: nothing worth reopening), is dropped; a finished scoring
   * replaces the entries of the same sample scored the same way (the same configKey), so scoring
   * an unchanged sample again moves its one row to the top with the new time and results.
   */
  finish(outcome?: { cancelled: boolean }): Promise<void>;
}

/** The form's ticks and options, saved with the session so a reload scores the same set. */
export interface PickerState {
  selected: AnyMetricId[];
  options: Record<string, RawOptions>;
}

export interface RecordedScoring {
  sample: Sample;
  metricIds: AnyMetricId[];
  model: string;
  demo: boolean;
  picker: PickerState;
  /** What the scores depend on besides the sample (see scoreConfigKey). */
  configKey: string;
  /** The valid thresholds of the metrics scored (thresholdsOf): kept so a reopened entry shows its pass / fail. */
  thresholds?: Record<string, number>;
}

/**
 * A scoring is written as it goes: the entry and session first, then each result the moment its
 * metric finishes, so a reload mid-scoring loses nothing already scored. Writes are chained so a
 * result never races ahead of the entry it belongs to.
 */
export function recordScoring({ sample, metricIds, model, demo, picker, configKey, thresholds = {} }: RecordedScoring): ScoringRecorder {
  let historyId: string | undefined;
  let kept = 0;
  const results: Partial<Record<AnyMetricId, MetricResult>> = {};
  // The options of the metrics scored, as typed: reopening the entry puts them back in the form.
  const options = Object.fromEntries(metricIds.flatMap((id) => (picker.options[id] ? [[id, picker.options[id]]] : [])));
  let chain: Promise<unknown> = withDb(async (db) => {
    const entry = await addHistoryEntry(db, { sample, metrics: metricIds, results: {}, model, demo, options, configKey, thresholds });
    historyId = entry.id;
    useApp.getState().setHistoryId(entry.id);
    await saveLastSession(db, { sample, metrics: metricIds, results: {}, historyId: entry.id, selected: picker.selected, options: picker.options });
  });
  const then = (step: () => Promise<unknown>) => {
    chain = chain.then(step, step);
  };
  return {
    add(metricId, result) {
      if (result.error?.code !== "cancelled") kept++;
      results[metricId] = result;
      then(() =>
        withDb(async (db) => {
          if (historyId) await addHistoryResult(db, historyId, metricId, result);
          await addLastSessionResult(db, metricId, result);
        }),
      );
    },
    async finish(outcome = { cancelled: false }) {
      then(() =>
        withDb(async (db) => {
          if (!historyId) return;
          if (kept === 0 || allFailed(results)) {
            await deleteHistoryEntry(db, historyId);
            if (useApp.getState().scoring.historyId === historyId) useApp.getState().setHistoryId(null);
          } else if (!outcome.cancelled) {
            const { entries } = await listHistory(db, HISTORY_KEEP);
            for (const twin of entries) {
              if (twin.id !== historyId && twin.configKey === configKey && sameSample(twin.sample, sample)) await deleteHistoryEntry(db, twin.id);
            }
          }
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
  // Pasted text that did not parse is not in the sample: it comes back as it was typed.
  for (const [field, text] of Object.entries(session.unparsed ?? {})) s.setField(field as keyof UnparsedDraft, text);
  // Sessions saved before issue 26 hold no ticks: the form keeps its defaults.
  if (session.selected) s.restoreMetrics(session.selected, session.options ?? {});
  if (Object.keys(session.results).length > 0) {
    const entry = useApp.getState().history.find((h) => h.id === session.historyId);
    s.showResults(
      {
        sample: session.sample,
        metricIds: session.metrics,
        results: session.results,
        demo: entry?.demo ?? false,
        model: entry?.model ?? s.settings.model,
        historyId: session.historyId ?? null,
      },
      session.savedAt,
    );
  }
}

/** Saves the draft as the last session (when no scoring is writing to it), with results that still belong to it. */
export async function saveDraftSession(
  sample: Sample,
  metricIds: AnyMetricId[],
  results: Partial<Record<AnyMetricId, MetricResult>>,
  historyId: string | null,
  picker: PickerState,
  unparsed: UnparsedDraft = {},
): Promise<void> {
  const kept = Object.keys(unparsed).length > 0 ? { unparsed } : {};
  await withDb((db) =>
    saveLastSession(db, {
      sample,
      metrics: metricIds,
      results,
      ...(historyId ? { historyId } : {}),
      selected: picker.selected,
      options: picker.options,
      ...kept,
    }),
  );
}

export async function removeHistoryEntry(id: string): Promise<void> {
  await withDb((db) => deleteHistoryEntry(db, id));
  await refreshHistory();
}

export function entryToView(entry: HistoryEntry) {
  return {
    sample: entry.sample,
    metricIds: entry.metrics,
    results: entry.results,
    demo: entry.demo,
    model: entry.model,
    historyId: entry.id,
  };
}
