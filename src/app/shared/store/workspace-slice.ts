import type { StateCreator } from "zustand";
import type { AppState, WorkspaceSlice } from "./types";

/**
 * What the user opened in each view, kept while they visit the others: a view is unmounted when
 * another one shows, so its own React state would be lost. Selections are ids (the hash routes of
 * the runs issue read and write the same ids); the report and agreement data also keep their
 * parsed content, since a file opened from disk has nothing stored to reload by id.
 */
export const createWorkspaceSlice: StateCreator<AppState, [], [], WorkspaceSlice> = (set) => ({
  workspace: { datasetId: null, runId: null, report: null, agreementData: null },
  setWorkspace: (patch) => set((s) => ({ workspace: { ...s.workspace, ...patch } })),
});
