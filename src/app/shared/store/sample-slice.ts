import type { StateCreator } from "zustand";
import { PAPER_METRIC_IDS } from "../../../engine";
import { gradesToText } from "../grades-text";
import type { AppState, ContextField, SampleDraft, SampleSlice } from "./types";

let nextKey = 1;
const field = (text: string): ContextField => ({ key: nextKey++, text });

export function emptyDraft(): SampleDraft {
  return { question: "", answer: "", contexts: [field("")], reference: "" };
}

export const createSampleSlice: StateCreator<AppState, [], [], SampleSlice> = (set) => ({
  draft: emptyDraft(),
  // The paper's five by default (the demo judge answers them); every other metric is one tick away.
  selected: [...PAPER_METRIC_IDS],
  metricOptions: {},
  thresholds: {},
  setThreshold: (id, text) => set((s) => ({ thresholds: { ...s.thresholds, [id]: text } })),
  setMetricOption: (id, key, value) => set((s) => ({ metricOptions: { ...s.metricOptions, [id]: { ...s.metricOptions[id], [key]: value } } })),
  setField: (name, value) => set((s) => ({ draft: { ...s.draft, [name]: value } })),
  setContext: (index, text) =>
    set((s) => ({
      draft: { ...s.draft, contexts: s.draft.contexts.map((c, i) => (i === index ? { ...c, text } : c)) },
    })),
  addContext: () => set((s) => ({ draft: { ...s.draft, contexts: [...s.draft.contexts, field("")] } })),
  removeContext: (index) =>
    set((s) => {
      const contexts = s.draft.contexts.filter((_, i) => i !== index);
      return { draft: { ...s.draft, contexts: contexts.length > 0 ? contexts : [field("")] } };
    }),
  moveContext: (index, delta) =>
    set((s) => {
      const target = index + delta;
      const contexts = [...s.draft.contexts];
      if (target < 0 || target >= contexts.length) return {};
      [contexts[index], contexts[target]] = [contexts[target]!, contexts[index]!];
      return { draft: { ...s.draft, contexts } };
    }),
  loadDraft: (sample) =>
    set({
      draft: {
        question: sample.question,
        answer: sample.answer,
        contexts: (sample.contexts.length > 0 ? sample.contexts : [""]).map(field),
        reference: sample.reference ?? "",
        retrievedIds: (sample.retrievedContextIds ?? []).join("\n"),
        relevantIds: (sample.referenceContextIds ?? []).join("\n"),
        relevantGrades: gradesToText(sample.referenceContextGrades),
        // A loaded conversation comes back as JSON in our shape (the parser reads it like any other).
        conversation: sample.messages ? JSON.stringify(sample.messages, null, 1) : "",
        referenceToolCalls: sample.referenceToolCalls ? JSON.stringify(sample.referenceToolCalls, null, 1) : "",
      },
    }),
  clearDraft: () => set({ draft: emptyDraft() }),
  // The results panel orders the cards itself, so the order of ticking does not matter.
  toggleMetric: (id, on) => set((s) => ({ selected: on ? [...s.selected.filter((m) => m !== id), id] : s.selected.filter((m) => m !== id) })),
  restoreMetrics: (selected, metricOptions) => set({ selected: [...selected], metricOptions }),
});
