import { useEffect, useState } from "react";
import { useT } from "../shared/i18n";
import { useApp } from "../shared/store";
import type { InterruptedRun } from "./interrupted-runs";
import { useEnglishName } from "../shared/i18n/accessible-name";

/**
 * On start, on every view: a run the last page left running is announced with where it stopped
 * and a button to it (contract 7: "Open interrupted run"), so it is not two clicks and a guess away.
 */
export function InterruptedRunAlert() {
  const named = useEnglishName();
  const t = useT();
  const [found, setFound] = useState<InterruptedRun | null>(null);
  useEffect(() => {
    let stale = false;
    void import("./interrupted-runs")
      .then(({ findInterruptedRun }) => findInterruptedRun())
      .then((run) => !stale && setFound(run))
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, []);
  if (!found) return null;
  const { run } = found;
  const open = () => {
    const s = useApp.getState();
    s.setWorkspace({ datasetId: run.datasetId, runId: run.id });
    s.setView("datasets");
    setFound(null);
  };
  return (
    <div className="note interrupted-run" role="alert">
      <span>{t.app.interrupted(run.name, run.datasetName, found.finished, found.total)}</span>{" "}
      <button type="button" className="btn btn-primary" aria-label={named("Open interrupted run")} onClick={open}>
        {t.app.openInterrupted}
      </button>{" "}
      <button type="button" className="btn btn-quiet" onClick={() => setFound(null)}>
        {t.app.dismiss}
      </button>
    </div>
  );
}
