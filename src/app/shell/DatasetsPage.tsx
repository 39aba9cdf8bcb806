import { useEffect } from "react";
import { selectDataset } from "../datasets/actions";
import { DatasetsView } from "../datasets/DatasetsView";
import { useDatasets } from "../datasets/store";
import { useRuns } from "../runs/run-state";
import { KeptRuns } from "../runs/KeptRuns";
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
  const datasetCount = useDatasets((s) => s.datasets.length);
  return <DatasetsView runsPane={(datasetId) => <RunsPane datasetId={datasetId} />} aside={<KeptRuns refreshKey={datasetCount} />} />;
}

function useRouteSelection(): void {
  const datasetId = useApp((s) => s.route.datasetId);
  const runId = useApp((s) => s.route.runId);
  const datasets = useDatasets((s) => s.datasets);
  // Route -> features (a reload, back / forward, a pasted link). A dataset id that is not stored
  // (deleted, its runs kept) is opened by KeptRuns instead.
  useEffect(() => {
    if (runId && useRuns.getState().selectedId !== runId) useRuns.setState({ selectedId: runId });
    if (datasetId && datasets.some((d) => d.id === datasetId) && useDatasets.getState().selectedId !== datasetId) void selectDataset(datasetId);
  }, [datasetId, runId, datasets]);
  // Features -> route (what the user opens; closing a dataset by deleting it leaves the route be,
  // so a kept run stays on screen).
  useEffect(() => {
    const offDatasets = useDatasets.subscribe((s, prev) => {
      if (s.selectedId === prev.selectedId || s.selectedId === null || s.selectedId === useApp.getState().route.datasetId) return;
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
