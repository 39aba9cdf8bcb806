import { create } from "zustand";

/**
 * The handoff between "Ask your system" (datasets feature) and the runs feature, which do not
 * import each other: `revision` counts changes to a dataset's rows made by an ask job, so the runs
 * pane reads its samples again; `scoreRequest` is the "Score these answers" click, which the run
 * form turns into "Start run" with the metrics it shows once the new samples are read.
 */
interface DatasetAnswersState {
  revision: Record<string, number>;
  scoreRequest: { datasetId: string; revision: number } | null;
}

export const useDatasetAnswers = create<DatasetAnswersState>(() => ({ revision: {}, scoreRequest: null }));

export function answersChanged(datasetId: string): void {
  useDatasetAnswers.setState((s) => ({ revision: { ...s.revision, [datasetId]: (s.revision[datasetId] ?? 0) + 1 } }));
}

export function requestScore(datasetId: string): void {
  answersChanged(datasetId);
  useDatasetAnswers.setState((s) => ({ scoreRequest: { datasetId, revision: s.revision[datasetId] ?? 0 } }));
}

/** The run form takes the request once it shows samples at least as new as the request. */
export function takeScoreRequest(datasetId: string, samplesRevision: number): boolean {
  const request = useDatasetAnswers.getState().scoreRequest;
  if (!request || request.datasetId !== datasetId || request.revision > samplesRevision) return false;
  useDatasetAnswers.setState({ scoreRequest: null });
  return true;
}
