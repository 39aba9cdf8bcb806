import { useEffect } from "react";
import { useApp } from "../shared/store";
import { revealResults } from "./reveal";
import { scoreDraft } from "./scoring";

/** Ctrl+Enter (Cmd+Enter on a Mac) scores from anywhere on the page, except inside Settings. */
export function useScoreShortcut(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (useApp.getState().settingsOpen) return;
      event.preventDefault();
      void scoreDraft();
      if (useApp.getState().scoring.status === "running") revealResults();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
