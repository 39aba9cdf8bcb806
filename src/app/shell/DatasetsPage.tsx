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
 * also ties both selections to the workspace (the ids the URL mirrors and that outlive this view):
 * the workspace's dataset and run are opened here, and what the user opens is written back to it.
 */
export default function DatasetsPage() {
  useWorkspaceSelection();
  const datasetCount = useDatasets((s) => s.datasets.length);
  return <DatasetsView runsPane={(datasetId) => <RunsPane datasetId={datasetId} />} aside={<KeptRuns refreshKey={datasetCount} />} />;
}

function useWorkspaceSelection(): void {
  const datasetId = useApp((s) => s.workspace.datasetId);
  const runId = useApp((s) => s.workspace.runId);
  const datasets = useDatasets((s) => s.datasets);
  // Workspace -> features (arrival from another view, a reload, back / forward, a pasted link). A
  // dataset id that is not stored (deleted, its runs kept) is opened by KeptRuns instead.
  useEffect(() => {
    if (runId && useRuns.getState().selectedId !== runId) useRuns.setState({ selectedId: runId });
    if (datasetId && datasets.some((d) => d.id === datasetId) && useDatasets.getState().selectedId !== datasetId) void selectDataset(datasetId);
  }, [datasetId, runId, datasets]);
  // Features -> workspace (what the user opens; closing a dataset by deleting it leaves the
  // workspace be, so a kept run stays on screen).
  useEffect(() => {
    const app = useApp.getState();
    // A selection made before the workspace named one (the panes' own default) is written back.
    const { selectedId } = useDatasets.getState();
    if (app.workspace.datasetId === null && selectedId !== null) app.setWorkspace({ datasetId: selectedId, runId: useRuns.getState().selectedId });
    const offDatasets = useDatasets.subscribe((s, prev) => {
      if (s.selectedId === prev.selectedId || s.selectedId === null || s.selectedId === useApp.getState().workspace.datasetId) return;
      useApp.getState().setWorkspace({ datasetId: s.selectedId, runId: null });
    });
    const offRuns = useRuns.subscribe((s, prev) => {
      const { workspace } = useApp.getState();
      if (s.selectedId === prev.selectedId || s.selectedId === workspace.runId || s.datasetId !== workspace.datasetId) return;
      useApp.getState().setWorkspace({ runId: s.selectedId });
    });
    return () => {
      offDatasets();
      offRuns();
    };
  }, []);
}
