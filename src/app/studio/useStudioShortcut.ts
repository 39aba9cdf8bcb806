import { useEffect } from "react";
import { useApp } from "../shared/store";
import { scoreWithDraft } from "./state/compare-run";

/**
 * In the studio, Ctrl+Enter (Cmd+Enter) means "Score with this version". It is caught on the way
 * down (capture phase) so neither Monaco (insert line) nor the playground's own Ctrl+Enter
 * (score the playground, which is not on screen) acts on it as well.
 */
export function useStudioShortcut(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (useApp.getState().settingsOpen) return;
      event.preventDefault();
      event.stopPropagation();
      void scoreWithDraft(false);
    };
    window.addEventListener("keydown", onKey, { capture: true });
    return () => window.removeEventListener("keydown", onKey, { capture: true });
  }, []);
}
