import { allCalls, isCustomId, isMetricId, summarize, usageOf, type AnyMetricId, type MetricResult, type Sample } from "../../../engine";
import { storedResultsSchema } from "../../../storage/db/stored-results";
import { buildReport, parseReport, promptsUsed, serializeReport } from "../../../storage/format/report";
import type { ScoringView } from "../../shared/store";
import type { AppSettings } from "../../shared/settings-model/model";
import { generatorStamp } from "../../../storage/format/generator";

/** The shown sample and its results as a report file (contract 5); the key is scrubbed from every string. */
export function reportText(scoring: ScoringView, settings: AppSettings, apiKey: string): string {
  const sample = scoring.sample!;
  const results = [{ sampleId: sample.id, metrics: scoring.results }];
  const report = buildReport({
    samples: [sample],
    output: { results, summary: summarize(results, scoring.metricIds), usage: usageOf(allCalls(results)) },
    config: {
      baseURL: scoring.demo ? "demo:recorded-replies" : settings.baseURL,
      model: scoring.model || settings.model,
      ...(settings.embeddingModel ? { embeddingModel: settings.embeddingModel } : {}),
      ...(settings.embeddingBaseURL ? { embeddingBaseURL: settings.embeddingBaseURL } : {}),
      concurrency: settings.concurrency,
      temperature: settings.temperature,
      metrics: scoring.metricIds,
      ...(scoring.metricOptions && Object.keys(scoring.metricOptions).length ? { metricOptions: scoring.metricOptions } : {}),
      ...(scoring.customJudges?.length ? { customJudges: scoring.customJudges } : {}),
      prompts: promptsUsed(scoring.metricIds, scoring.prompts ?? {}, scoring.customJudges),
    },
    generator: generatorStamp("browser"),
    createdAt: new Date(scoring.finishedAt ?? Date.now()),
    redact: apiKey ? [apiKey] : [],
    // The call log is half of "see why": keep prompts and replies in the file too.
    keepCallText: true,
  });
  return serializeReport(report);
}

export function reportFileName(now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return `ragas-report-${stamp}.json`;
}

export type ImportResult =
  | { ok: true; sample: Sample; metricIds: AnyMetricId[]; results: Partial<Record<AnyMetricId, MetricResult>>; model: string }
  | { ok: false; message: string };

/** Opens a report and takes its first sample with that sample's results; any problem is a message. */
export function readReportFile(text: string, fileName: string): ImportResult {
  const parsed = parseReport(text, fileName);
  if (!parsed.ok) return { ok: false, message: parsed.error.message };
  const { report } = parsed;
  const sample = report.samples[0];
  if (!sample) return { ok: false, message: `${fileName}: the report has no samples` };
  const raw = report.results.find((r) => r.sampleId === sample.id)?.metrics ?? {};
  // The report schema checks calls; the trace items the cards render are checked here, before React sees them.
  const checked = storedResultsSchema.safeParse(raw);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return { ok: false, message: `${fileName}: results.${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid result"}` };
  }
  const results = checked.data;
  const metricIds = Object.keys(results).filter((id): id is AnyMetricId => isMetricId(id) || isCustomId(id));
  // The report's sample was checked by sampleSchema: its retrieval ids come along as they are.
  const out: Sample = { ...sample, contexts: [...sample.contexts] };
  return { ok: true, sample: out, metricIds, results, model: report.config.model };
}
