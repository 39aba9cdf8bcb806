import { useEffect, useState } from "react";
import { useFormats } from "../shared/i18n/format";
import { runTitle } from "./run-title";
import type { Sample } from "../../engine";
import { getDataset, loadDatasetSamples } from "../../storage/db/datasets";
import type { Report } from "../../storage/format/report-schema";
import { ReportCompare } from "../shared/explorer/ReportCompare";
import { ResultsExplorer } from "../shared/explorer/ResultsExplorer";
import { useDatasetAnswers } from "../shared/handoffs/dataset-answers";
import { openRunInReports } from "../shared/handoffs/open-in-reports";
import { appDb } from "../shared/persist/db";
import "../styles/runs.css";
import { useRunsT } from "./messages";
import { RunForm } from "./RunForm";
import { useApp } from "../shared/store";
import { RunNoticeLine } from "./RunNoticeLine";
import { RunProgress } from "./RunProgress";
import { loadRuns, refreshElsewhere, removeRun, runReport } from "./run-actions";
import { displayStatus, useRuns } from "./run-state";
import { resumeBatchRuns, useBatch } from "./batch/batch-run";
import { useEnglishName } from "../shared/i18n/accessible-name";
import { filesWords, showFilesWaiting } from "./batch/batch-files-flow";
import { useBatchT } from "./batch/messages";

/**
 * A dataset's runs: start one (with its estimate), watch it, pause, resume, cancel, retry the
 * failed; each run's results through the ResultsExplorer, and two runs through ReportCompare.
 */
export function RunsPane({ datasetId, canStart = true }: { datasetId: string; canStart?: boolean }) {
  const named = useEnglishName();
  const t = useRunsT();
  const fmt = useFormats();
  const runs = useRuns((s) => s.runs);
  const live = useRuns((s) => s.live);
  const selectedId = useRuns((s) => s.selectedId);
  const compareId = useRuns((s) => s.compareId);
  const counters = useRuns((s) => s.counters);
  const elsewhere = useRuns((s) => s.elsewhere);
  const version = useRuns((s) => s.version);
  const [samples, setSamples] = useState<Sample[]>([]);
  const [datasetName, setDatasetName] = useState("");
  const batchRunIds = useBatch((s) => s.batchRunIds);
  // The download / upload flow's run waits for the user's results: said so, never "interrupted".
  const filesRunId = useBatch((s) => s.filesRunId);
  const filesWaiting = useBatch((s) => s.filesWaiting);
  const tb = useBatchT();
  const apiKey = useApp((s) => s.apiKey);
  // A batch run still running (a reload, another tab) is polled again once the key is there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: apiKey is the trigger (the key lives in memory: a reload forgets it)
  useEffect(() => {
    void resumeBatchRuns(datasetId).then(showFilesWaiting);
  }, [datasetId, apiKey]);
  const [report, setReport] = useState<Report | null>(null);
  const [other, setOther] = useState<Report | null>(null);

  useEffect(() => {
    void loadRuns(datasetId);
  }, [datasetId]);
  // Read again when "Ask your system" fills answers (shared/handoffs/dataset-answers.ts).
  const answersRevision = useDatasetAnswers((s) => s.revision[datasetId] ?? 0);
  const [samplesRevision, setSamplesRevision] = useState(-1);
  useEffect(() => {
    let stale = false;
    void appDb().then(async (db) => {
      const read = db ? (await loadDatasetSamples(db, datasetId)).samples : [];
      const name = db ? ((await getDataset(db, datasetId)).dataset?.name ?? "") : "";
      if (stale) return;
      setSamples(read);
      setDatasetName(name);
      setSamplesRevision(answersRevision);
    });
    return () => {
      stale = true;
    };
  }, [datasetId, answersRevision]);

  // A run stored as running that this tab does not run: another tab may (its lock says so). Poll
  // while there is one, so this tab shows that run's progress live, read-only.
  const watching = runs.some((r) => r.status === "running" && r.id !== live?.runId);
  useEffect(() => {
    if (!watching) return;
    const timer = setInterval(() => void refreshElsewhere(), 1000);
    return () => clearInterval(timer);
  }, [watching]);

  const selected = runs.find((r) => r.id === selectedId) ?? null;
  const showResults = selected !== null && live?.runId !== selected.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the trigger to rebuild after a run stops
  useEffect(() => {
    let stale = false;
    setReport(null);
    if (showResults && selectedId) void runReport(selectedId).then((r) => !stale && setReport(r));
    return () => {
      stale = true;
    };
  }, [selectedId, showResults, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the trigger to rebuild after a run stops
  useEffect(() => {
    let stale = false;
    setOther(null);
    if (compareId && compareId !== selectedId) void runReport(compareId).then((r) => !stale && setOther(r));
    return () => {
      stale = true;
    };
  }, [compareId, selectedId, version]);

  return (
    <div className="runs-pane">
      <h3>{t.title}</h3>
      {canStart ? <RunForm datasetId={datasetId} samples={samples} samplesRevision={samplesRevision} /> : null}
      <h4>{t.runsOf}</h4>
      {runs.length === 0 ? <p className="field-hint">{t.noRuns}</p> : null}
      <ul className="runs-list">
        {runs.map((run) => (
          <li key={run.id} className={run.id === selectedId ? "runs-item is-selected" : "runs-item"}>
            <button type="button" className="btn btn-link" aria-pressed={run.id === selectedId} onClick={() => useRuns.setState({ selectedId: run.id })}>
              {t.runLabel(
                runTitle(run, fmt),
                run.id === filesRunId && run.status === "running"
                  ? filesWords(tb, filesWaiting?.runId === run.id ? filesWaiting : null)
                  : (t.status[displayStatus(run, live, elsewhere)] ?? ""),
                counters[run.id]?.finished ?? 0,
                run.sampleCount * run.repeat,
              )}
            </button>
            {live?.runId === run.id || elsewhere.includes(run.id) ? null : (
              <button type="button" className="btn btn-small" onClick={() => void removeRun(run.id)}>
                {t.remove}
              </button>
            )}
          </li>
        ))}
      </ul>
      <RunNoticeLine at="remove" />
      {/* A batch run in flight shows in the form's batch status; once it stopped, its counts, cost (batch prices) and Retry failed. */}
      {selected && !((batchRunIds.has(selected.id) || selected.byBatch) && selected.status === "running") ? <RunProgress meta={selected} /> : null}
      {report && selected ? (
        <button
          type="button"
          className="btn btn-small btn-wrap"
          aria-label={named("Open in Reports")}
          onClick={() => openRunInReports(report, datasetName ? `${datasetName} · ${runTitle(selected, fmt)}` : runTitle(selected, fmt))}
        >
          {t.openInReports}
        </button>
      ) : null}
      {runs.length > 1 && selected ? (
        <label className="runs-compare">
          {t.compareWith}{" "}
          <select value={compareId ?? ""} onChange={(e) => useRuns.setState({ compareId: e.target.value || null })}>
            <option value="">{t.compareNone}</option>
            {runs
              .filter((r) => r.id !== selected.id)
              .map((r) => (
                <option key={r.id} value={r.id}>
                  {runTitle(r, fmt)}
                </option>
              ))}
          </select>
        </label>
      ) : null}
      {report && other && selected ? (
        <ReportCompare
          a={report}
          b={other}
          labels={[runTitle(selected, fmt), runTitle(runs.find((r) => r.id === compareId) ?? { name: "B", createdAt: Number.NaN }, fmt)]}
        />
      ) : report ? (
        <ResultsExplorer report={report} readOnly />
      ) : null}
    </div>
  );
}
