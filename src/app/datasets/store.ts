import { create } from "zustand";
import type { DatasetMeta, DatasetRow } from "../../storage/db/datasets";
import type { DatasetsMessages } from "./messages";

/** A notice is a function of the catalogue, so it is written in the language shown, also after a switch. */
export type NoticeText = (t: DatasetsMessages) => string;

/**
 * The Datasets view's state. `selectedId` is the seam for other panels (the runs pane reads it to
 * know which dataset to run); `rows` are the selected dataset's rows, in order.
 */
interface Notice {
  kind: "ok" | "error";
  text: NoticeText;
}

export interface DatasetsState {
  datasets: DatasetMeta[];
  /** False when IndexedDB could not be opened (private mode, blocked storage). */
  storage: boolean;
  selectedId: string | null;
  rows: DatasetRow[];
  /** The row open in the editor: a stored position, "new" for Add row, or none. */
  editing: number | "new" | null;
  notice: Notice | null;
}

export const useDatasets = create<DatasetsState>(() => ({
  datasets: [],
  storage: true,
  selectedId: null,
  rows: [],
  editing: null,
  notice: null,
}));

export function selectedDataset(state: DatasetsState): DatasetMeta | undefined {
  return state.datasets.find((d) => d.id === state.selectedId);
}
