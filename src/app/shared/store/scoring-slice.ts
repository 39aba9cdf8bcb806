import type { StateCreator } from "zustand";
import type { AppState, ScoringSlice, ScoringView } from "./types";

export const IDLE_SCORING: ScoringView = {
  status: "idle",
  sample: null,
  metricIds: [],
  results: {},
  demo: false,
  model: "",
  startedAt: 0,
  finishedAt: null,
  historyId: null,
};

export const createScoringSlice: StateCreator<AppState, [], [], ScoringSlice> = (set) => ({
  scoring: IDLE_SCORING,
  bypassCache: false,
  setBypassCache: (bypassCache) => set({ bypassCache }),
  startScoring: (sample, metricIds, demo, model) =>
    set({ scoring: { status: "running", sample, metricIds, results: {}, demo, model, startedAt: Date.now(), finishedAt: null, historyId: null } }),
  // Each metric lands on its own, so its card appears as soon as it is done.
  setResult: (metricId, result) => set((s) => ({ scoring: { ...s.scoring, results: { ...s.scoring.results, [metricId]: result } } })),
  setHistoryId: (historyId) => set((s) => ({ scoring: { ...s.scoring, historyId } })),
  setScoringPrompts: (prompts) => set((s) => ({ scoring: { ...s.scoring, prompts } })),
  setScoringMetricConfig: (metricOptions, customJudges) => set((s) => ({ scoring: { ...s.scoring, metricOptions, customJudges } })),
  finishScoring: (status) => set((s) => ({ scoring: { ...s.scoring, status, finishedAt: Date.now() } })),
  showResults: (view, at) => set({ scoring: { ...view, status: "done", startedAt: at, finishedAt: at } }),
});
