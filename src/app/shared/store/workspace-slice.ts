import type { StateCreator } from "zustand";
import type { AppState, WorkspaceSlice } from "./types";

/**
 * What the user opened in each view, kept while they visit the others: a view is unmounted when
 * another one shows, so its own React state would be lost. Selections are ids, and the one source
 * of truth for them: the shell's hash router (shell/hash-router.ts) writes a route's ids here and
 * mirrors them into the URL, so reload, back / forward, a pasted link and a view switch all agree.
 * The report and agreement data also keep their parsed content, since a file opened from disk has
 * nothing stored to reload by id.
 */
export const createWorkspaceSlice: StateCreator<AppState, [], [], WorkspaceSlice> = (set) => ({
  workspace: { datasetId: null, runId: null, reportId: null, report: null, agreementData: null },
  setWorkspace: (patch) => set((s) => ({ workspace: { ...s.workspace, ...patch } })),
});
