import { useEffect, useState } from "react";
import "../../styles/ask.css";
import { percentile } from "../../../engine/target/latency";
import { requestScore } from "../../shared/handoffs/dataset-answers";
import { useEnglishName } from "../../shared/i18n/accessible-name";
import { selectedDataset, useDatasets } from "../store";
import { cancelAsk, pauseAsk, refreshAsk, resumeAsk, startAsk } from "./ask-actions";
import { useAsk } from "./ask-state";
import { AskRecent } from "./AskRecent";
import { useAskT } from "./messages";
import { loadTargetOnce } from "./target-store";
import { TargetEditor } from "./TargetEditor";
import { TestRow } from "./TestRow";

const whole = (value: string, min: number, max: number) => Math.min(max, Math.max(min, Math.round(Number(value) || min)));

/** "Ask your system" under the open dataset: the target, Test with one row, the job and its progress, then Score. */
export function AskPanel() {
  const t = useAskT();
  const named = useEnglishName();
  const meta = useDatasets(selectedDataset);
  const rows = useDatasets((s) => s.rows);
  const ask = useAsk();
  const [mode, setMode] = useState<"missing" | "all">("missing");
  const [concurrency, setConcurrency] = useState(4);
  const [timeoutSeconds, setTimeoutSeconds] = useState(60);
  const [retries, setRetries] = useState(3);
  const datasetId = meta?.id;
  useEffect(() => {
    void loadTargetOnce();
  }, []);
  useEffect(() => {
    if (datasetId) void refreshAsk(datasetId);
  }, [datasetId]);
  if (!meta) return null;

  const missing = rows.filter((r) => r.sample.answer.trim() === "").length;
  const options = { concurrency, timeoutSeconds, retries };
  const mine = ask.datasetId === meta.id;
  const phase = mine ? ask.phase : "idle";
  const running = phase === "running";
  const resumable = phase === "paused" || phase === "interrupted";
  const p50 = percentile(ask.latencies, 0.5);
  const p95 = percentile(ask.latencies, 0.95);
  // Named by their visible labels (none holds "Concurrency", the run form's field tests find by it).
  const number = (label: string, value: number, set: (n: number) => void, min: number, max: number) => (
    <label className="ask-field ask-number">
      <span>{label}</span>
      <input type="number" min={min} max={max} value={value} onChange={(e) => set(whole(e.target.value, min, max))} />
    </label>
  );

  return (
    <section className="ask-panel" aria-label={t.names.panel}>
      <h3>{t.title}</h3>
      <p className="field-hint">{t.intro}</p>
      <TargetEditor />
      <TestRow question={rows[0]?.sample.question} timeoutSeconds={timeoutSeconds} />
      <fieldset className="ask-options" disabled={running}>
        <legend>{t.which}</legend>
        <label className="ask-check">
          <input type="radio" name="ask-mode" checked={mode === "missing"} onChange={() => setMode("missing")} /> {t.missingRows(missing)}
        </label>
        <label className="ask-check">
          <input type="radio" name="ask-mode" checked={mode === "all"} onChange={() => setMode("all")} /> {t.allRows(rows.length)}
        </label>
        <div className="ask-row">
          {number(t.concurrency, concurrency, setConcurrency, 1, 32)}
          {number(t.timeout, timeoutSeconds, setTimeoutSeconds, 1, 600)}
          {number(t.retries, retries, setRetries, 0, 10)}
        </div>
      </fieldset>
      <div className="ask-controls">
        {running ? (
          <button type="button" className="btn" aria-label={named("Pause asking")} onClick={pauseAsk}>
            {t.pause}
          </button>
        ) : resumable ? (
          <button type="button" className="btn btn-primary" aria-label={named("Resume asking")} onClick={() => void resumeAsk(meta.id, options)}>
            {t.resume}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            aria-label={named("Ask your system")}
            disabled={phase === "busy" || (mode === "missing" && missing === 0)}
            onClick={() => void startAsk(meta.id, mode, options)}
          >
            {t.start}
          </button>
        )}
        {running || resumable ? (
          <button type="button" className="btn btn-quiet" aria-label={named("Cancel asking")} onClick={() => void cancelAsk(meta.id)}>
            {t.cancel}
          </button>
        ) : null}
        {phase === "done" && ask.answered > 0 ? (
          <button type="button" className="btn btn-primary" aria-label={named("Score these answers")} onClick={() => requestScore(meta.id)}>
            {t.score}
          </button>
        ) : null}
      </div>
      {mode === "missing" && missing === 0 && phase === "idle" ? <p className="field-hint">{t.nothingToAsk}</p> : null}
      {mine && ask.problem ? <p className="note note-error">{ask.problem}</p> : null}
      {phase !== "idle" ? (
        <div className="ask-progress">
          <progress aria-label={t.names.progress} max={Math.max(1, ask.total)} value={ask.answered} />
          <p role="status" className="field-hint">
            {phase === "busy"
              ? t.phase.busy
              : `${t.progress(ask.answered, ask.total, ask.failed)}${p50 !== null && p95 !== null ? ` · ${t.latency(p50, p95)}` : ""} · ${t.phase[phase]}`}
          </p>
        </div>
      ) : null}
      {mine && ask.diagnosis ? (
        <p className="note note-error" role="alert" aria-label={t.names.diagnosis}>
          {ask.diagnosis}
        </p>
      ) : null}
      {mine && ask.recent.length > 0 ? <AskRecent lines={ask.recent} /> : null}
    </section>
  );
}
