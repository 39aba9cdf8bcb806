import type { Sample } from "../sample";
import type { CustomJudge } from "./custom";
import { getMetric } from "./registry";
import type { AnyMetricId, CallCount, MetricOptions } from "./types";

/** A refusal names the option it is about (`key`, when the schema says) so the UI can explain it in its own words. */
export type OptionsResult = { ok: true; options: MetricOptions } | { ok: false; message: string; key?: string };

/**
 * One form for every metric's options (the UI's fields, the CLI's `--option metric.key=value`, a
 * report's config): checked by the metric's own schema, so a key it does not read, or a value out
 * of range, is refused with the key named. Values may be text ("recall", "0.5", "0.75,0.25").
 */
export function parseMetricOptions(id: AnyMetricId, raw: Record<string, unknown>, customJudges: readonly CustomJudge[] = []): OptionsResult {
  const metric = getMetric(id, customJudges);
  if (Object.keys(raw).length === 0) return { ok: true, options: {} };
  if (!metric.options) return { ok: false, message: `${id} takes no options` };
  const parsed = metric.options.safeParse(raw);
  if (parsed.success) return { ok: true, options: parsed.data };
  const issue = parsed.error.issues[0]!;
  const key = issue.path.length > 0 ? String(issue.path[0]) : (issue as { keys?: string[] }).keys?.[0];
  return { ok: false, message: `${id}${key ? `.${key}` : ""}: ${issue.message}`, ...(key ? { key } : {}) };
}

/** Requests one sample costs with this metric and options, when every reply is valid (the run estimate, the picker). */
export function callsPerSample(id: AnyMetricId, sample: Sample, options: MetricOptions = {}, customJudges: readonly CustomJudge[] = []): CallCount {
  const metric = getMetric(id, customJudges);
  return metric.calls?.(sample, options) ?? { chat: metric.prompts.length, embedding: metric.usesEmbeddings ? 1 : 0 };
}
