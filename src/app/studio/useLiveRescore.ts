import { useEffect, useMemo } from "react";
import { isGenerationPrompt } from "../../engine/prompts/catalogue";
import { checkDraft } from "./logic/draft";
import { scoreWithDraft } from "./state/compare-run";
import { promptById, useStudio } from "./state/store";

/** How long edits must rest before live mode re-scores (each re-score costs tokens). */
const LIVE_DELAY_MS = 1500;

/**
 * Live mode: when the selected prompt's draft changes to a new valid version, re-score after the
 * edits settle. The hash is the trigger, so a change that does not alter what the judge sees
 * (or that breaks the prompt) costs nothing.
 */
export function useLiveRescore(): void {
  const live = useStudio((s) => s.live);
  const selectedId = useStudio((s) => s.selectedId);
  const draft = useStudio((s) => s.drafts[s.selectedId]);
  const hash = useMemo(() => (draft ? checkDraft(promptById(selectedId), draft).hash : undefined), [draft, selectedId]);
  const scoredHash = useStudio((s) => (s.comparison?.promptId === selectedId ? s.comparison.after.hash : undefined));

  useEffect(() => {
    // A generation prompt has no metric to score with: nothing to re-score.
    if (!live || !hash || hash === scoredHash || isGenerationPrompt(promptById(selectedId))) return;
    const timer = setTimeout(() => void scoreWithDraft(true), LIVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [live, hash, scoredHash, selectedId]);
}
