import type { JournalEntry } from "../../engine/run/journal";
import type { Sample } from "../../engine/sample";
import { verdictAgreement, type VerdictAgreement } from "../../engine/retrieval/judge-agreement";
import { listAllRuns, loadRunResults } from "../../storage/db/runs";
import { loadRunSamples } from "../../storage/db/run-inputs";
import { appDb } from "../shared/persist/db";

/** A stored dataset run that scored context precision: the ones whose verdicts can meet reference ids. */
export interface VerdictRun {
  id: string;
  dataset: string;
  name: string;
}

/** Where the check reads runs from: IndexedDB in the app, a plain object in a test. */
export interface VerdictRunSource {
  list(): Promise<VerdictRun[]>;
  load(runId: string): Promise<{ samples: Sample[]; entries: JournalEntry[] }>;
}

/**
 * The verdicts of a run's first repeat against its samples' ids (a run scored N times keeps N
 * verdict lists per sample; the first is the one its report shows). The counting is the engine's.
 */
export function runVerdictAgreement(samples: readonly Sample[], entries: readonly JournalEntry[]): VerdictAgreement {
  return verdictAgreement(
    samples,
    entries.filter((e) => e.repeat === 0),
  );
}

export const storedVerdictRuns: VerdictRunSource = {
  async list() {
    const db = await appDb();
    if (!db) return [];
    const { runs } = await listAllRuns(db);
    return runs
      .filter((r) => r.metrics.includes("context_precision"))
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((r) => ({ id: r.id, dataset: r.datasetName, name: r.name }));
  },
  async load(runId) {
    const db = await appDb();
    if (!db) return { samples: [], entries: [] };
    const [{ samples }, { entries }] = await Promise.all([loadRunSamples(db, runId), loadRunResults(db, runId)]);
    return { samples, entries };
  },
};
