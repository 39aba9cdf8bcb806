import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type AnyMetricId, customId, getMetric, missingInput, type PromptOverrides, type Sample } from "../../engine";
import { metricOptionsOf, pickerRows, type RawOptions } from "../shared/metric-picker/groups";
import { MetricGroups } from "../shared/metric-picker/MetricGroups";
import { takeScoreRequest, useDatasetAnswers } from "../shared/handoffs/dataset-answers";
import { judgeNamesOf, loadCustomJudges, useCustomJudges } from "../shared/persist/custom-judges";
import { useT } from "../shared/i18n";
import { useFormats } from "../shared/i18n/format";
import { keyMissing } from "../shared/ports/transport";
import { useApp } from "../shared/store";
import { KeylessPlanNote } from "./KeylessNote";
import { ASSUMED_SECONDS_PER_REQUEST, formatDuration, formatUsd, type RunEstimate } from "./estimate";
import { estimateInWorker } from "./estimate-client";
import { applicableMetrics } from "./applicable-metrics";
import { useRunsT } from "./messages";
import { PromptPicker } from "./PromptPicker";
import { RunNoticeLine } from "./RunNoticeLine";
import { startRun } from "./run-actions";
import { useRuns } from "./run-state";
import { BatchEstimate, BatchPanel } from "./batch/BatchPanel";
import { startBatchRun, useBatch } from "./batch/batch-run";
import { useEnglishName } from "../shared/i18n/accessible-name";
import { thresholdProblem, thresholdsOf } from "../shared/metric-picker/thresholds";

type BuiltIn = Exclude<AnyMetricId, `custom:${string}`>;

/** Choosing what to run, and what it will cost, before "Start run". */
export function RunForm({ datasetId, samples, samplesRevision = 0 }: { datasetId: string; samples: readonly Sample[]; samplesRevision?: number }) {
  const named = useEnglishName();
  const t = useRunsT();
  const fmt = useFormats();
  const tApp = useT();
  const settings = useApp((s) => s.settings);
  const noKey = useApp((s) => keyMissing(s.settings, s.apiKey));
  const live = useRuns((s) => s.live);
  const [metrics, setMetrics] = useState<AnyMetricId[]>(["faithfulness", "context_recall"]);
  const [raw, setRaw] = useState<Record<string, RawOptions>>({});
  const judges = useCustomJudges((s) => s.judges);
  useEffect(() => {
    void loadCustomJudges();
  }, []);
  // A judge deleted in the studio leaves the selection.
  const known = useMemo(() => new Set<string>(judges.map(customId)), [judges]);
  const chosen = useMemo(() => metrics.filter((id) => !id.startsWith("custom:") || known.has(id)), [metrics, known]);
  // Memoised: PromptPicker reports its choice whenever this list changes, so a new array each render would loop.
  const builtIn = useMemo(() => chosen.filter((id): id is BuiltIn => !id.startsWith("custom:")), [chosen]);
  const { options: metricOptions, errors: optionErrors } = useMemo(() => metricOptionsOf(chosen, raw, judges), [chosen, raw, judges]);
  // Costs per sample are shown for the dataset's first sample (contexts count for per-context calls).
  const rows = useMemo(() => pickerRows(samples[0] ?? { id: "", question: "", answer: "", contexts: [] }, judges, raw), [samples, judges, raw]);
  const [repeat, setRepeat] = useState(1);
  // Thresholds as typed beside each metric (contract 14); only valid ones of ticked metrics are used.
  const [thresholdText, setThresholdText] = useState<Record<string, string>>({});
  const thresholds = useMemo(() => thresholdsOf(thresholdText, chosen), [thresholdText, chosen]);
  const thresholdErrors = chosen.some((id) => thresholdProblem(thresholdText[id] ?? ""));
  const [concurrency, setConcurrency] = useState(settings.concurrency);
  const [estimate, setEstimate] = useState<RunEstimate | null>(null);
  const [prompts, setPrompts] = useState<PromptOverrides>({});
  const onPrompts = useCallback((o: PromptOverrides) => setPrompts(o), []);
  // Models per run, so "model A against model B" is two runs without touching Settings.
  const [model, setModel] = useState(settings.model);
  const [embeddingModel, setEmbeddingModel] = useState(settings.embeddingModel);
  const judgeModel = model.trim() || settings.model;
  const hasEmbedder = embeddingModel.trim() !== "";
  // Until the user ticks a box, the ticked metrics follow what the dataset's columns allow.
  // Per dataset: another dataset (one just imported) starts from its own columns, not from the
  // ticks made for the last one. (The form stays mounted across datasets: remounting it would
  // probe the batch API again.)
  const touchedFor = useRef<string | null>(null);
  useEffect(() => {
    if (touchedFor.current !== datasetId && samples.length > 0) setMetrics(applicableMetrics(samples, hasEmbedder));
  }, [datasetId, samples, hasEmbedder]);

  useEffect(() => {
    let stale = false;
    setEstimate(null);
    estimateInWorker(samples, chosen, {
      repeat,
      concurrency,
      hasEmbedder,
      model: judgeModel,
      prices: settings.prices,
      metricOptions,
      customJudges: judges,
    }).then(
      (e) => {
        if (!stale) setEstimate(e);
      },
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [samples, chosen, repeat, concurrency, hasEmbedder, judgeModel, settings.prices, metricOptions, judges]);

  const byBatch = useBatch((s) => s.byBatch && s.probe?.verdict === "reached");
  const form = {
    metrics: chosen,
    metricOptions,
    customJudges: judges.filter((j) => chosen.includes(customId(j))),
    repeat,
    concurrency,
    prompts,
    ...(Object.keys(thresholds).length ? { thresholds } : {}),
    model: judgeModel,
    embeddingModel: embeddingModel.trim(),
  };
  // "Score these answers" (Ask your system): Start run with what the form shows, once the
  // samples it shows include the new answers (the metrics follow them first, one render later).
  const scoreAsked = useDatasetAnswers((s) => s.scoreRequest);
  const [startAsked, setStartAsked] = useState(false);
  useEffect(() => {
    if (scoreAsked && takeScoreRequest(datasetId, samplesRevision)) setStartAsked(true);
  }, [scoreAsked, datasetId, samplesRevision]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: startAsked is the trigger; the form is read as it is then
  useEffect(() => {
    if (!startAsked) return;
    setStartAsked(false);
    void (byBatch ? startBatchRun(datasetId, form) : startRun(datasetId, form));
  }, [startAsked]);
  const order = rows.map((r) => r.id);
  const toggle = (id: AnyMetricId, on: boolean) => {
    touchedFor.current = datasetId;
    setMetrics((m) => (on ? order.filter((x) => x === id || m.includes(x)) : m.filter((x) => x !== id)));
  };
  const onOption = (id: AnyMetricId, key: string, value: string | boolean) => setRaw((r) => ({ ...r, [id]: { ...r[id], [key]: value } }));
  // Only the embedding model can be missing for a whole run: samples missing an input are skipped per sample.
  const reasonOf = (id: AnyMetricId) =>
    !hasEmbedder && missingInput(getMetric(id, judges), { id: "", question: "q", answer: "a", contexts: ["c"], reference: "r" }, false)
      ? tApp.missing.embedder
      : undefined;
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
        <MetricGroups
          rows={rows}
          selected={chosen}
          onToggle={toggle}
          raw={raw}
          onOption={onOption}
          reasonOf={reasonOf}
          judgeNames={judgeNamesOf(judges)}
          idPrefix="run-metric"
          thresholds={thresholdText}
          onThreshold={(id, text) => setThresholdText((t) => ({ ...t, [id]: text }))}
        />
      </fieldset>
      <div className="runs-numbers">
        <label>
          {t.repeat} <input type="number" min={1} max={100} value={repeat} onChange={(e) => setRepeat(whole(e.target.value, 1, 100))} />
        </label>
        <label>
          {t.concurrency} <input type="number" min={1} max={64} value={concurrency} onChange={(e) => setConcurrency(whole(e.target.value, 1, 64))} />
        </label>
      </div>
      <PromptPicker metrics={builtIn} onChange={onPrompts} />
      <div className="runs-models">
        <label>
          {t.judgeModel} <input type="text" aria-label={named("Run judge model")} value={model} spellCheck={false} onChange={(e) => setModel(e.target.value)} />
        </label>
        <label>
          {t.embeddingModel}{" "}
          <input
            type="text"
            aria-label={named("Run embedding model")}
            value={embeddingModel}
            spellCheck={false}
            onChange={(e) => setEmbeddingModel(e.target.value)}
          />
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
      {noKey ? <KeylessPlanNote metrics={chosen} judges={judges} /> : null}
      <div className="runs-start">
        <button type="submit" className="btn btn-primary" disabled={live !== null || chosen.length === 0 || optionErrors.length > 0 || thresholdErrors}>
          {t.start}
        </button>
        <RunNoticeLine at="start" />
      </div>
    </form>
  );
}
