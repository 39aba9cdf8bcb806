import { DatasetsView } from "../datasets/DatasetsView";
import { RunsPane } from "../runs/RunsPane";

/**
 * The Datasets tab as one lazy chunk: the datasets feature with the runs feature under the open
 * dataset. Composed here, in the shell, because features do not import each other.
 */
export default function DatasetsPage() {
  return <DatasetsView runsPane={(datasetId) => <RunsPane datasetId={datasetId} />} />;
}
