import { useEffect } from "react";
import { useApp } from "../../shared/store";
import { useBatchT } from "./messages";
import { cancelBatchRun, probeBatch, probeWords, useBatch } from "./batch-run";
import { BatchFiles } from "./BatchFiles";
import { formatUsd, type RunEstimate } from "../estimate";
import type { RunForm } from "../run-actions";
import { useEnglishName } from "../../shared/i18n/accessible-name";

/**
 * The run form's batch part: "Run by batch" once the probe of Settings' base URL found its batch
 * API reachable from the page (otherwise the probe's words, and the download / upload flow), and
 * the batch's state in a status region.
 */
export function BatchPanel({ datasetId, form }: { datasetId: string; form: RunForm }) {
  const named = useEnglishName();
  const t = useBatchT();
  const baseURL = useApp((s) => s.settings.baseURL.trim());
  const apiKey = useApp((s) => s.apiKey);
  const probe = useBatch((s) => s.probe);
  const byBatch = useBatch((s) => s.byBatch);
  const reached = probe?.baseURL === baseURL && probe.verdict === "reached";

  // A new base URL or key is probed again (one GET of /files and /batches each, no cost).
  // biome-ignore lint/correctness/useExhaustiveDependencies: apiKey is a trigger: a key typed in may unblock the probe
  useEffect(() => {
    void probeBatch();
  }, [baseURL, apiKey]);

  return (
    <fieldset className="runs-batch">
      <legend>{t.legend}</legend>
      <label className="runs-check">
        <input
          type="checkbox"
          aria-label={named("Run by batch")}
          checked={byBatch && reached}
          disabled={!reached}
          onChange={(e) => useBatch.setState({ byBatch: e.target.checked })}
        />{" "}
        {t.runByBatch}
      </label>
      {probe ? <p className={probe.verdict === "reached" || probe.verdict === "probing" ? "field-hint" : "note"}>{probeWords(t, probe)}</p> : null}
      {probe && probe.verdict !== "reached" && probe.verdict !== "probing" && probe.verdict !== "no_key" ? (
        <button type="button" className="btn btn-small" onClick={() => void probeBatch()}>
          {t.checkAgain}
        </button>
      ) : null}
      {reached ? null : <BatchFiles datasetId={datasetId} form={form} />}
      <BatchStatus />
    </fieldset>
  );
}

/** The batch's state: a line per batch (validating, in progress n / total, ...) and the outcome. */
function BatchStatus() {
  const t = useBatchT();
  const phase = useBatch((s) => s.phase);
  const lines = useBatch((s) => s.lines);
  const message = useBatch((s) => s.message);
  return (
    <div role="status" aria-label={t.names.status} className="runs-batch-status">
      {phase === "idle" && Object.keys(lines).length === 0 && !message ? <p className="field-hint">{t.idle}</p> : null}
      {Object.entries(lines).map(([batch, line]) => (
        <p key={batch}>{line}</p>
      ))}
      {message ? <p>{message}</p> : null}
      {phase === "running" ? (
        <button type="button" className="btn btn-small" onClick={() => void cancelBatchRun()}>
          {t.cancel}
        </button>
      ) : null}
    </div>
  );
}

/** The estimate's batch line: cost at batch prices, rounds, and the provider's completion window. */
export function BatchEstimate({ estimate }: { estimate: RunEstimate }) {
  const t = useBatchT();
  const { usd, rounds } = estimate.batch;
  return <span>{usd === null ? t.estimateUnpriced(rounds) : t.estimate(formatUsd(usd), rounds)}</span>;
}
