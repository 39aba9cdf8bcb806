import type { AgreementTask } from "../../engine/agreement/types";
import type { AgreementFile } from "../../storage/format/agreement-file";
import { CallLog } from "../shared/results/CallLog";
import { TraceView } from "../shared/results/traces/TraceView";
import { NullReason } from "../shared/results/NullReason";
import { ErrorBoundary } from "../shared/ui/ErrorBoundary";
import type { DrillTarget } from "./AgreementTable";
import { useAgreementT } from "./messages";

type Result = AgreementFile["rows"][number]["pairs"][number]["resultA"];

/** Every pair of one table cell; opening a pair shows both judgements' traces and call logs. */
export function PairDrillDown({ file, target, onClose }: { file: AgreementFile; target: DrillTarget; onClose: () => void }) {
  const t = useAgreementT();
  const row = file.rows.find((r) => r.method === target.method && r.task === target.task);
  if (!row) return null;
  const samples = new Map(file.samples.map((s) => [s.id, s]));
  return (
    <section className="card agreement-pairs" aria-label={t.names.pairs}>
      <header className="card-head">
        <h3>{t.pairsTitle(t.methodNames[row.method], t.taskNames[row.task])}</h3>
        <button type="button" className="btn btn-small" onClick={onClose}>
          {t.close}
        </button>
      </header>
      <ol className="pair-list" key={`${row.method}/${row.task}`}>
        {row.pairs.map((pair) => {
          const right = pair.predicted === pair.human;
          return (
            <li key={pair.id} className={pair.predicted === "tie" ? "is-tie" : right ? "is-right" : "is-wrong"}>
              <details>
                <summary>
                  <code>{pair.id}</code> {t.sideA} {fmt(pair.scoreA)} · {t.sideB} {fmt(pair.scoreB)} · {t.predicted} {t.outcome[pair.predicted]} · {t.human}{" "}
                  {t.outcome[pair.human]} <span aria-hidden="true">{pair.predicted === "tie" ? "½" : right ? "✓" : "✗"}</span>
                </summary>
                <p className="pair-question">
                  <strong>{t.drill.question}:</strong> {samples.get(pair.a)?.question ?? ""}
                </p>
                <div className="pair-sides">
                  <Side
                    label={t.sideLabel(t.sideA, pair.a)}
                    result={pair.resultA}
                    task={row.task}
                    contexts={samples.get(pair.a)?.contexts ?? []}
                    answer={samples.get(pair.a)?.answer ?? ""}
                    method={row.method}
                  />
                  {pair.resultB ? (
                    <Side
                      label={t.sideLabel(t.sideB, pair.b)}
                      result={pair.resultB}
                      task={row.task}
                      contexts={samples.get(pair.b)?.contexts ?? []}
                      answer={samples.get(pair.b)?.answer ?? ""}
                      method={row.method}
                    />
                  ) : null}
                </div>
              </details>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

const fmt = (s: number | null) => (s === null ? "null" : s.toFixed(2));

function Side({
  label,
  result,
  task,
  contexts,
  answer,
  method,
}: {
  label: string;
  result: Result;
  task: AgreementTask;
  contexts: readonly string[];
  answer: string;
  method: string;
}) {
  const t = useAgreementT();
  if (!result) return null;
  const trace = result.trace as Record<string, unknown>;
  return (
    <div className="pair-side">
      <h4>{label}</h4>
      {/* What this side's judge read: the candidate answer, or the candidate contexts for context_relevance. */}
      {task === "context_relevance" ? (
        <details className="pair-text">
          <summary>{t.drill.contexts}</summary>
          <ol>
            {contexts.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: contexts have no identity but their place
              <li key={i}>{c}</li>
            ))}
          </ol>
        </details>
      ) : (
        <p className="pair-text">
          <strong>{t.drill.candidate}:</strong> {answer}
        </p>
      )}
      {result.error ? <NullReason error={result.error} /> : null}
      {method === "ragas" ? (
        <ErrorBoundary fallback={(message) => <p className="note note-error">{message}</p>}>
          <TraceView id={task} result={result} contexts={contexts} />
        </ErrorBoundary>
      ) : (
        <p className="reason">
          {Array.isArray(trace.scale) ? `${t.rating(trace.rating as number, trace.scale[0] as number, trace.scale[1] as number)} · ` : null}
          {Array.isArray(trace.order) ? `${t.shownFirst(String(trace.order[0]))} · ${t.chose(String(trace.chosen))} · ` : null}
          {result.reason}
        </p>
      )}
      <CallLog calls={result.trace.calls} />
    </div>
  );
}
