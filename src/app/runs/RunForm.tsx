import { useCallback, useEffect, useState } from "react";
import { useFormats } from "../shared/i18n/format";
import { METRIC_IDS, type MetricId, type PromptOverrides, type Sample } from "../../engine";
import { useApp } from "../shared/store";
import { ASSUMED_SECONDS_PER_REQUEST, formatDuration, formatUsd, type RunEstimate } from "./estimate";
import { estimateInWorker } from "./estimate-client";
import { useRunsT } from "./messages";
import { PromptPicker } from "./PromptPicker";
import { RunNoticeLine } from "./RunNoticeLine";
import { startRun } from "./run-actions";
import { useRuns } from "./run-state";
import { BatchEstimate, BatchPanel } from "./batch/BatchPanel";
import { startBatchRun, useBatch } from "./batch/batch-run";

/** Choosing what to run, and what it will cost, before "Start run". */
export function RunForm({ datasetId, samples }: { datasetId: string; samples: readonly Sample[] }) {
  const t = useRunsT();
  const fmt = useFormats();
  const settings = useApp((s) => s.settings);
  const live = useRuns((s) => s.live);
  const [metrics, setMetrics] = useState<MetricId[]>(["faithfulness", "context_recall"]);
  const [repeat, setRepeat] = useState(1);
  const [concurrency, setConcurrency] = useState(settings.concurrency);
  const [estimate, setEstimate] = useState<RunEstimate | null>(null);
  const [prompts, setPrompts] = useState<PromptOverrides>({});
  const onPrompts = useCallback((o: PromptOverrides) => setPrompts(o), []);
  // Models per run, so "model A against model B" is two runs without touching Settings.
  const [model, setModel] = useState(settings.model);
  const [embeddingModel, setEmbeddingModel] = useState(settings.embeddingModel);
  const judgeModel = model.trim() || settings.model;
  const hasEmbedder = embeddingModel.trim() !== "";

  useEffect(() => {
    let stale = false;
    setEstimate(null);
    estimateInWorker(samples, metrics, { repeat, concurrency, hasEmbedder, model: judgeModel, prices: settings.prices }).then(
      (e) => {
        if (!stale) setEstimate(e);
      },
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [samples, metrics, repeat, concurrency, hasEmbedder, judgeModel, settings.prices]);

  const byBatch = useBatch((s) => s.byBatch && s.probe?.verdict === "reached");
  const form = { metrics, repeat, concurrency, prompts, model: judgeModel, embeddingModel: embeddingModel.trim() };
  const toggle = (id: MetricId) => setMetrics((m) => (m.includes(id) ? m.filter((x) => x !== id) : METRIC_IDS.filter((x) => x === id || m.includes(x))));
  const whole = (value: string, min: number, max: number) => Math.min(max, Math.max(min, Math.round(Number(value) || min)));

  return (
    <form
      className="runs-form"
      aria-label={t.newRun}
      onSubmit={(e) => {
        e.preventDefault();
        void (byBatch ? startBatchRun(datasetId, form) : startRun(datasetId, form));
      }}
    >
      <fieldset>
        <legend>{t.metrics}</legend>
        {METRIC_IDS.map((id) => (
          <label key={id} className="runs-check">
            <input type="checkbox" checked={metrics.includes(id)} onChange={() => toggle(id)} /> {id}
          </label>
        ))}
      </fieldset>
      <div className="runs-numbers">
        <label>
          {t.repeat} <input type="number" min={1} max={100} value={repeat} onChange={(e) => setRepeat(whole(e.target.value, 1, 100))} />
        </label>
        <label>
          {t.concurrency} <input type="number" min={1} max={64} value={concurrency} onChange={(e) => setConcurrency(whole(e.target.value, 1, 64))} />
        </label>
      </div>
      <PromptPicker metrics={metrics} onChange={onPrompts} />
      <div className="runs-models">
        <label>
          {t.judgeModel} <input type="text" aria-label="Run judge model" value={model} spellCheck={false} onChange={(e) => setModel(e.target.value)} />
        </label>
        <label>
          {t.embeddingModel}{" "}
          <input type="text" aria-label="Run embedding model" value={embeddingModel} spellCheck={false} onChange={(e) => setEmbeddingModel(e.target.value)} />
        </label>
      </div>
      <p className="field-hint">{t.modelsHint(settings.baseURL)}</p>
      {repeat > 1 ? <p className="field-hint">{t.repeatNote}</p> : null}
      <BatchPanel datasetId={datasetId} form={form} />
      <section className="runs-estimate" aria-label={t.estimateTitle}>
        {estimate ? (
          <>
            <span>{t.estimate(estimate.requests, estimate.promptTokens + estimate.completionTokens)}</span>
            <span>{estimate.usd === null ? t.unpriced(fmt.list(estimate.unpriced)) : t.cost(formatUsd(estimate.usd))}</span>
            <span>{t.duration(formatDuration(estimate.seconds, t), concurrency, ASSUMED_SECONDS_PER_REQUEST)}</span>
            <BatchEstimate estimate={estimate} />
          </>
        ) : (
          <span>{t.estimating}</span>
        )}
      </section>
      <div className="runs-start">
        <button type="submit" className="btn btn-primary" disabled={live !== null || metrics.length === 0}>
          {t.start}
        </button>
        <RunNoticeLine at="start" />
      </div>
    </form>
  );
}
