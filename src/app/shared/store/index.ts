import { create } from "zustand";
import { createScoringSlice } from "./scoring-slice";
import { createSampleSlice } from "./sample-slice";
import { createSettingsSlice } from "./settings-slice";
import type { AppState } from "./types";
import { createUiSlice } from "./ui-slice";
import { createWorkspaceSlice } from "./workspace-slice";

export type * from "./types";

/**
 * One store, five slices. Only small state lives here; persistence (settings, key, history) is
 * done by explicit calls to src/storage, never by zustand's persist (ux-anchors 3.3).
 */
export const useApp = create<AppState>()((...a) => ({
  ...createSettingsSlice(...a),
  ...createSampleSlice(...a),
  ...createScoringSlice(...a),
  ...createUiSlice(...a),
  ...createWorkspaceSlice(...a),
}));
