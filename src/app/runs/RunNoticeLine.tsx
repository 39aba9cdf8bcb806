import { useApp } from "../shared/store";
import { useRunsT } from "./messages";
import { type RunNotice, useRuns } from "./run-state";

/**
 * Why the button just pressed did nothing, said next to it (not in a banner somewhere above),
 * with a way to Settings when that is where the fix is.
 */
export function RunNoticeLine({ at }: { at: RunNotice["at"] }) {
  const t = useRunsT();
  const notice = useRuns((s) => s.notice);
  if (!notice || notice.at !== at) return null;
  return (
    <p className="note note-error runs-notice" role="alert">
      {notice.text}{" "}
      {notice.settings ? (
        <button type="button" className="btn btn-link" onClick={() => useApp.getState().setSettingsOpen(true)}>
          {t.openSettings}
        </button>
      ) : null}
    </p>
  );
}
