import type { StateCreator } from "zustand";
import type { AppState, RunSlice, RunView } from "./types";

export const IDLE_RUN: RunView = {
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

export const createRunSlice: StateCreator<AppState, [], [], RunSlice> = (set) => ({
  run: IDLE_RUN,
  bypassCache: false,
  setBypassCache: (bypassCache) => set({ bypassCache }),
  startRun: (sample, metricIds, demo, model) =>
    set({ run: { status: "running", sample, metricIds, results: {}, demo, model, startedAt: Date.now(), finishedAt: null, historyId: null } }),
  // Each metric lands on its own, so its card appears as soon as it is done.
  setResult: (metricId, result) => set((s) => ({ run: { ...s.run, results: { ...s.run.results, [metricId]: result } } })),
  setHistoryId: (historyId) => set((s) => ({ run: { ...s.run, historyId } })),
  setRunPrompts: (prompts) => set((s) => ({ run: { ...s.run, prompts } })),
  setRunMetricConfig: (metricOptions, customJudges) => set((s) => ({ run: { ...s.run, metricOptions, customJudges } })),
  finishRun: (status) => set((s) => ({ run: { ...s.run, status, finishedAt: Date.now() } })),
  showResults: (view, at) => set({ run: { ...view, status: "done", startedAt: at, finishedAt: at } }),
});
