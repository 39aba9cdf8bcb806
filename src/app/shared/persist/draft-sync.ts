import { newId } from "../../../storage/db/ids";
import { draftToSample, sameSample, unparsedOfDraft } from "../sample-draft";
import { useApp } from "../store";
import { saveDraftSession } from "./history-sync";

const SAVE_DELAY_MS = 500;

/**
 * Keeps the last session in step with the form, so a reload brings back what was typed. While a
 * scoring is writing its own results to the session, the form is not saved over it.
 */
export function startDraftSync(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = useApp.subscribe((state, previous) => {
    const unchanged =
      state.draft === previous.draft &&
      state.scoring.status === previous.scoring.status &&
      state.selected === previous.selected &&
      state.metricOptions === previous.metricOptions;
    if (unchanged) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const s = useApp.getState();
      if (s.scoring.status === "running") return;
      const sample = draftToSample(s.draft, s.scoring.sample?.id ?? newId());
      const same = s.scoring.sample !== null && sameSample(sample, s.scoring.sample);
      // The ticks and options go too: a reload must not score another set than the one on screen.
      void saveDraftSession(
        same ? s.scoring.sample! : sample,
        same ? s.scoring.metricIds : s.selected,
        same ? s.scoring.results : {},
        same ? s.scoring.historyId : null,
        {
          selected: s.selected,
          options: s.metricOptions,
        },
        unparsedOfDraft(s.draft),
      );
    }, SAVE_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
