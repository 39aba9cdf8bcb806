import type { StateCreator } from "zustand";
import { defaultLang } from "../i18n/lang";
import type { AppState, UiSlice } from "./types";

export const createUiSlice: StateCreator<AppState, [], [], UiSlice> = (set) => ({
  lang: defaultLang(),
  setLang: (lang) => set({ lang }),
  settingsOpen: false,
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
  status: (t) => t.status.ready,
  setStatus: (status) => set({ status }),
  history: [],
  setHistory: (history) => set({ history }),
  view: "playground",
  setView: (view) => set({ view }),
});
