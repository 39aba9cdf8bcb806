import { useEffect } from "react";
import { selectDataset } from "../datasets/actions";
import { DatasetsView } from "../datasets/DatasetsView";
import { useDatasets } from "../datasets/store";
import { useRuns } from "../runs/run-state";
import { RunsPane } from "../runs/RunsPane";
import { useApp } from "../shared/store";

/**
 * The Datasets tab as one lazy chunk: the datasets feature with the runs feature under the open
 * dataset. Composed here, in the shell, because features do not import each other. The shell
 * also ties both selections to the route (the URL): a route's dataset and run are opened here,
 * and what the user opens is written back to it.
 */
export default function DatasetsPage() {
  useRouteSelection();
  return <DatasetsView runsPane={(datasetId) => <RunsPane datasetId={datasetId} />} />;
}

function useRouteSelection(): void {
  const datasetId = useApp((s) => s.route.datasetId);
  const runId = useApp((s) => s.route.runId);
  // Route -> features (a reload, back / forward, a pasted link).
  useEffect(() => {
    if (runId && useRuns.getState().selectedId !== runId) useRuns.setState({ selectedId: runId });
    if (datasetId && useDatasets.getState().selectedId !== datasetId) void selectDataset(datasetId);
  }, [datasetId, runId]);
  // Features -> route (what the user opens).
  useEffect(() => {
    const offDatasets = useDatasets.subscribe((s, prev) => {
      if (s.selectedId === prev.selectedId || s.selectedId === useApp.getState().route.datasetId) return;
      useApp.getState().setRoute({ datasetId: s.selectedId, runId: null });
    });
    const offRuns = useRuns.subscribe((s, prev) => {
      const route = useApp.getState().route;
      if (s.selectedId === prev.selectedId || s.selectedId === route.runId || s.datasetId !== route.datasetId) return;
      useApp.getState().setRoute({ runId: s.selectedId });
    });
    return () => {
      offDatasets();
      offRuns();
    };
  }, []);
}
