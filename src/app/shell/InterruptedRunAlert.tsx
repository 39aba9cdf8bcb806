import { useEffect, useState } from "react";
import { runTitle } from "../runs/run-title";
import { useT } from "../shared/i18n";
import { useFormats } from "../shared/i18n/format";
import { useApp } from "../shared/store";
import type { InterruptedRun } from "./interrupted-runs";
import { useEnglishName } from "../shared/i18n/accessible-name";

/** How often a shown alert asks again whether its run is still interrupted (a lock query and a read of the runs). */
const RECHECK_MS = 3_000;

/**
 * On start, on every view: a run the last page left running is announced with where it stopped
 * and a button to it (contract 7: "Open interrupted run"), so it is not two clicks and a guess away.
 */
export function InterruptedRunAlert({ recheckMs = RECHECK_MS }: { recheckMs?: number }) {
  const named = useEnglishName();
  const t = useT();
  const fmt = useFormats();
  const [found, setFound] = useState<InterruptedRun | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const shown = found !== null && !dismissed;
  useEffect(() => {
    let stale = false;
    const check = () =>
      void import("./interrupted-runs")
        .then(({ findInterruptedRun }) => findInterruptedRun())
        .then((run) => !stale && setFound(run))
        .catch(() => undefined);
    // Asked once on start; then, while shown, again now and then: the alert stays only while the
    // run is truly interrupted, and goes once a tab drives it again (a batch run polled on its
    // dataset's page, a sync run resumed there).
    if (!shown) check();
    const timer = shown ? setInterval(check, recheckMs) : undefined;
    return () => {
      stale = true;
      clearInterval(timer);
    };
  }, [shown, recheckMs]);
  if (!found || dismissed) return null;
  const { run } = found;
  const open = () => {
    const s = useApp.getState();
    s.setWorkspace({ datasetId: run.datasetId, runId: run.id });
    s.setView("datasets");
    setDismissed(true);
  };
  return (
    <div className="note interrupted-run" role="alert">
      <span>
        {found.byBatch
          ? t.app.interruptedBatch(runTitle(run, fmt), run.datasetName)
          : t.app.interrupted(runTitle(run, fmt), run.datasetName, found.finished, found.total)}
      </span>{" "}
      <button type="button" className="btn btn-primary" aria-label={named("Open interrupted run")} onClick={open}>
        {t.app.openInterrupted}
      </button>{" "}
      <button type="button" className="btn btn-quiet" onClick={() => setDismissed(true)}>
        {t.app.dismiss}
      </button>
    </div>
  );
}
