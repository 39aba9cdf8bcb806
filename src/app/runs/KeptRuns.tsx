import { useEffect, useState } from "react";
import { listDatasets } from "../../storage/db/datasets";
import { listAllRuns } from "../../storage/db/runs";
import { appDb } from "../shared/persist/db";
import { useApp } from "../shared/store";
import { useRunsT } from "./messages";
import { RunsPane } from "./RunsPane";

interface KeptGroup {
  datasetId: string;
  datasetName: string;
  runs: number;
}

/**
 * Runs kept when their dataset was deleted: listed by the dataset's name and opened read-only
 * (nothing to start: the rows are gone; each run's report comes from its own snapshot). The
 * workspace's dataset id (the route's) opens one, so a link to such a run still lands on it.
 */
export function KeptRuns({ refreshKey }: { refreshKey: number }) {
  const t = useRunsT();
  const [groups, setGroups] = useState<KeptGroup[]>([]);
  const routeDataset = useApp((s) => s.workspace.datasetId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger (datasets were added or deleted)
  useEffect(() => {
    let stale = false;
    void appDb().then(async (db) => {
      if (!db) return;
      const [{ runs }, { datasets }] = await Promise.all([listAllRuns(db), listDatasets(db)]);
      const live = new Set(datasets.map((d) => d.id));
      const byDataset = new Map<string, KeptGroup>();
      for (const run of runs) {
        if (live.has(run.datasetId)) continue;
        const group = byDataset.get(run.datasetId) ?? { datasetId: run.datasetId, datasetName: run.datasetName, runs: 0 };
        group.runs++;
        byDataset.set(run.datasetId, group);
      }
      if (!stale) setGroups([...byDataset.values()]);
    });
    return () => {
      stale = true;
    };
  }, [refreshKey]);
  if (groups.length === 0) return null;
  const open = groups.find((g) => g.datasetId === routeDataset);
  return (
    <section className="ds-kept-runs" aria-label={t.keptTitle}>
      <h3>{t.keptTitle}</h3>
      <p className="field-hint">{t.keptHint}</p>
      <ul>
        {groups.map((g) => (
          <li key={g.datasetId}>
            <button
              type="button"
              className="btn btn-link"
              aria-pressed={g.datasetId === routeDataset}
              onClick={() => useApp.getState().setWorkspace({ datasetId: g.datasetId, runId: null })}
            >
              {t.keptGroup(g.datasetName, g.runs)}
            </button>
          </li>
        ))}
      </ul>
      {open ? <RunsPane datasetId={open.datasetId} canStart={false} /> : null}
    </section>
  );
}
