import { useEffect } from "react";
import { selectDataset } from "../datasets/actions";
import { DatasetsView } from "../datasets/DatasetsView";
import { useDatasets } from "../datasets/store";
import { useRuns } from "../runs/run-state";
import { RunsPane } from "../runs/RunsPane";
import { useApp } from "../shared/store";

/**
 * The Datasets tab as one lazy chunk: the datasets feature with the runs feature under the open
 * dataset. Composed here, in the shell, because features do not import each other.
 */
export default function DatasetsPage() {
  useWorkspaceSelection();
  return <DatasetsView runsPane={(datasetId) => <RunsPane datasetId={datasetId} />} />;
}

/**
 * The selected dataset and run are the shared workspace's ids (what the hash routes read and
 * write, and what outlives this view): the datasets and runs panes follow a change there, and a
 * choice made in a pane is written back. On arrival, whatever the workspace names is opened.
 */
function useWorkspaceSelection(): void {
  useEffect(() => {
    const follow = (datasetId: string | null, runId: string | null) => {
      if (datasetId && datasetId !== useDatasets.getState().selectedId) void selectDataset(datasetId);
      if (runId && runId !== useRuns.getState().selectedId) useRuns.setState({ selectedId: runId });
    };
    const { datasetId, runId } = useApp.getState().workspace;
    follow(datasetId, runId);
    if (datasetId === null && useDatasets.getState().selectedId !== null) useApp.getState().setWorkspace({ datasetId: useDatasets.getState().selectedId });
    if (runId === null && useRuns.getState().selectedId !== null) useApp.getState().setWorkspace({ runId: useRuns.getState().selectedId });
    const offApp = useApp.subscribe((s, prev) => {
      if (s.workspace.datasetId !== prev.workspace.datasetId || s.workspace.runId !== prev.workspace.runId) follow(s.workspace.datasetId, s.workspace.runId);
    });
    const offDatasets = useDatasets.subscribe((s, prev) => {
      if (s.selectedId !== prev.selectedId && s.selectedId !== useApp.getState().workspace.datasetId)
        useApp.getState().setWorkspace({ datasetId: s.selectedId });
    });
    const offRuns = useRuns.subscribe((s, prev) => {
      if (s.selectedId !== prev.selectedId && s.selectedId !== useApp.getState().workspace.runId) useApp.getState().setWorkspace({ runId: s.selectedId });
    });
    return () => {
      offApp();
      offDatasets();
      offRuns();
    };
  }, []);
}
