import { useEffect, useState } from "react";
import type { VerdictAgreement } from "../../engine/retrieval/judge-agreement";
import { VerdictAgreementCounts } from "../shared/explorer/VerdictAgreementCounts";
import { useAgreementT } from "./messages";
import { runVerdictAgreement, storedVerdictRuns, type VerdictRun, type VerdictRunSource } from "./verdict-runs";

type Checked = { runId: string; agreement: VerdictAgreement } | { runId: string; failed: string };

/**
 * The issue-31 check in the Agreement tab: for a dataset run scored with context precision whose
 * samples also carry reference ids, how often the judge's per-context verdicts agree with the ids,
 * with the confusion counts (the same numbers as the run's results explorer shows).
 */
export function VerdictCheck({ source = storedVerdictRuns }: { source?: VerdictRunSource }) {
  const t = useAgreementT();
  const [runs, setRuns] = useState<VerdictRun[] | null>(null);
  const [chosen, setChosen] = useState("");
  const [checked, setChecked] = useState<Checked | null>(null);

  useEffect(() => {
    let live = true;
    void source.list().then(
      (list) => live && setRuns(list),
      () => live && setRuns([]),
    );
    return () => {
      live = false;
    };
  }, [source]);

  useEffect(() => {
    if (chosen === "") return;
    let live = true;
    source.load(chosen).then(
      ({ samples, entries }) => live && setChecked({ runId: chosen, agreement: runVerdictAgreement(samples, entries) }),
      (error: unknown) => live && setChecked({ runId: chosen, failed: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [chosen, source]);

  const shown = checked?.runId === chosen ? checked : null;
  return (
    <section className="card verdict-check" aria-labelledby="verdict-check-title">
      <h3 id="verdict-check-title">{t.verdictTitle}</h3>
      <p className="muted">{t.verdictIntro}</p>
      {runs === null ? null : runs.length === 0 ? (
        <p className="muted">{t.verdictNoRuns}</p>
      ) : (
        <label>
          {t.verdictRun}{" "}
          <select value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">{t.verdictChoose}</option>
            {runs.map((r) => (
              <option key={r.id} value={r.id}>
                {r.dataset} · {r.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {shown === null ? null : "failed" in shown ? (
        <p className="danger" role="alert">
          {t.loadFailed(shown.failed)}
        </p>
      ) : shown.agreement.contexts === 0 && shown.agreement.skipped === 0 ? (
        <p className="muted" data-testid="verdict-nothing">
          {t.verdictNothing}
        </p>
      ) : (
        <VerdictAgreementCounts agreement={shown.agreement} />
      )}
    </section>
  );
}
