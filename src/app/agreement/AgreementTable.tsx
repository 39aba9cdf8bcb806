import { useId } from "react";
import { AGREEMENT_METHODS, AGREEMENT_TASKS, type AgreementMethod, type AgreementTask, PAPER_TABLE_1 } from "../../engine/agreement/types";
import type { StoredAgreementRun } from "../../storage/db/agreement-runs";
import { ScrollX } from "../shared/ui/ScrollHint";
import { useAgreementT } from "./messages";
import { useEnglishName } from "../shared/i18n/accessible-name";

export interface DrillTarget {
  runId: string;
  method: AgreementMethod;
  task: AgreementTask;
}

const paperOf = (method: AgreementMethod, task: AgreementTask): number | undefined =>
  method === "gpt_score_5" ? undefined : (PAPER_TABLE_1[method] as Record<AgreementTask, number>)[task];

/**
 * Laid out like the paper's Table 1 (methods down, the three dimensions across), with one value
 * per compared run side by side and the paper's number last. A value opens its pairs.
 */
export function AgreementTable({ runs, onDrill }: { runs: readonly StoredAgreementRun[]; onDrill: (target: DrillTarget) => void }) {
  const t = useAgreementT();
  const named = useEnglishName();
  const captionId = useId();
  const methods = AGREEMENT_METHODS.filter((m) => runs.some((r) => r.file.rows.some((row) => row.method === m)));
  const runName = (r: StoredAgreementRun, i: number) => r.file.config.label ?? `${r.file.config.model} #${runs.length - i}`;
  // The title sits above the scrolling box (as a caption it would scroll away with a wide table).
  return (
    <>
      <p className="agreement-caption" id={captionId}>
        {t.table} <span className="muted">{t.parenthesised(t.interval)}</span>
      </p>
      <ScrollX>
        <table className="agreement-table" aria-label={t.names.table} aria-describedby={captionId}>
          <thead>
            <tr>
              <th scope="col">{t.method}</th>
              {AGREEMENT_TASKS.map((task) => (
                <th key={task} scope="col">
                  {t.taskNames[task]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {methods.map((method) => (
              <tr key={method}>
                <th scope="row">{t.methodNames[method]}</th>
                {AGREEMENT_TASKS.map((task) => {
                  const paper = paperOf(method, task);
                  return (
                    <td key={task}>
                      {runs.map((run, i) => {
                        const row = run.file.rows.find((r) => r.method === method && r.task === task);
                        if (!row) return null;
                        return (
                          <button
                            type="button"
                            key={run.id}
                            className="agreement-value"
                            data-cell={`${method}/${task}`}
                            aria-label={named(`${method} ${task} ${runName(run, i)}`)}
                            onClick={() => onDrill({ runId: run.id, method, task })}
                          >
                            {runs.length > 1 ? <span className="muted run-name">{runName(run, i)}: </span> : null}
                            <strong className="accuracy">{row.accuracy.toFixed(2)}</strong>{" "}
                            <span className="ci">
                              [{row.ci95[0].toFixed(2)}–{row.ci95[1].toFixed(2)}]
                            </span>
                            {row.ties ? <span className="muted"> · {t.ties(row.ties)}</span> : null}
                            <span className="muted"> · {t.sampleSize(row.n)}</span>
                          </button>
                        );
                      })}
                      {paper !== undefined ? (
                        <span className="paper-value">
                          {t.paper} {paper.toFixed(2)}
                        </span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </>
  );
}
