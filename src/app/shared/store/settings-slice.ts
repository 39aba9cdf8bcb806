import type { StateCreator } from "zustand";
import { DEFAULT_SETTINGS } from "../settings-model/model";
import type { AppState, SettingsSlice } from "./types";

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set) => ({
  settings: DEFAULT_SETTINGS,
  apiKey: "",
  updateSettings: (patch) => set((s) => ({ settings: { ...s.settings, ...patch } })),
  replaceSettings: (settings) => set({ settings }),
  setApiKey: (apiKey) => set({ apiKey }),
});
