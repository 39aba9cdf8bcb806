import type { StateCreator } from "zustand";
import type { AppState, RouteIds, RouteSlice } from "./types";

/**
 * What the user opened inside a view (the dataset, its run, a kept report), by id. The shell's
 * hash router mirrors it and the view into the URL; the features read and write it, so reload,
 * back / forward and a pasted link land on the same screen.
 */
export const NO_ROUTE_IDS: RouteIds = { datasetId: null, runId: null, reportId: null };

export const createRouteSlice: StateCreator<AppState, [], [], RouteSlice> = (set) => ({
  route: NO_ROUTE_IDS,
  setRoute: (patch) => set((s) => ({ route: { ...s.route, ...patch } })),
});
