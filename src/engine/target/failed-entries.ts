import type { AnyMetricId } from "../metrics/types";
import type { JournalEntry, RunJournal } from "../run/journal";

/**
 * A sample the target could not answer has nothing to score: every metric of every repeat is a
 * null `target_error` carrying the target's message (contract 13). They enter a run as journal
 * entries already finished, so the run sends nothing for them, counts them in the summary's
 * nullCodes like any other null, and never writes them to the journal (they are not results the
 * judge gave: a resumed run that now gets an answer scores the sample).
 */
export function targetErrorEntries(failed: readonly { sampleId: string; message: string }[], metricIds: readonly AnyMetricId[], repeat = 1): JournalEntry[] {
  return failed.flatMap(({ sampleId, message }) =>
    Array.from({ length: repeat }, (_, r) => ({
      sampleId,
      repeat: r,
      metrics: Object.fromEntries(
        metricIds.map((id) => [
          id,
          { score: null, error: { code: "target_error" as const, message: `the target gave no answer: ${message}` }, trace: { calls: [] } },
        ]),
      ),
    })),
  );
}

/** `journal` as it is, plus `preset` entries loaded as finished (and never appended). */
export function withPresetEntries(journal: RunJournal, preset: readonly JournalEntry[]): RunJournal {
  const ids = new Set(preset.map((e) => `${e.sampleId}\u0000${e.repeat}`));
  return {
    load: async () => [...(await journal.load()).filter((e) => !ids.has(`${e.sampleId}\u0000${e.repeat}`)), ...preset],
    append: (entry) => journal.append(entry),
  };
}
