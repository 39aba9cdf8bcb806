import { z } from "zod";
import type { CustomJudge } from "../engine/metrics/custom";
import type { AnyMetricId, MetricOptions } from "../engine/metrics/types";
import type { Sample } from "../engine/sample";
import { canonicalJson, sha256Hex } from "../engine/text/sha256";
import { sanitizeUrl } from "../storage/format/redact";
import type { ReportPrompt } from "../storage/format/report-schema";

/**
 * What makes two runs the same run, kept in the journal's first line so that a journal refused
 * for another run can say what changed, with the old and the new value. The repeat count is left
 * out: raising it later runs only the new repeats. No key: the base URL is stored sanitized.
 */
export const runIdentitySchema = z.object({
  input: z.string(),
  metrics: z.string(),
  models: z.string(),
  baseURL: z.string(),
  /** Prompt id -> hash of the text it runs with. */
  prompts: z.record(z.string(), z.string()),
});
export type RunIdentity = z.infer<typeof runIdentitySchema>;

export interface RunSettings {
  samples: readonly Sample[];
  metrics: readonly AnyMetricId[];
  metricOptions: Partial<Record<string, MetricOptions>>;
  model: string;
  embeddingModel?: string | undefined;
  baseURL: string;
  prompts: readonly ReportPrompt[];
  /** The run's custom judges: a judge's strictness and scale change its score but not its prompt's hash. */
  customJudges?: readonly CustomJudge[];
}

export function runIdentity(run: RunSettings): RunIdentity {
  const options = Object.entries(run.metricOptions)
    .filter(([, o]) => o && Object.keys(o).length > 0)
    .map(([id, o]) => `${id} ${canonicalJson(o)}`);
  return {
    input: `${run.samples.length} sample${run.samples.length === 1 ? "" : "s"}, sha256 ${sha256Hex(canonicalJson(run.samples)).slice(0, 16)}`,
    metrics: `${run.metrics.join(", ")}${options.length ? ` (${options.join("; ")})` : ""}`,
    models: `judge ${run.model}, embeddings ${run.embeddingModel ?? "none"}`,
    baseURL: sanitizeUrl(run.baseURL),
    prompts: Object.fromEntries(run.prompts.map((p) => [p.id, p.hash])),
  };
}

/** The fingerprint journals have always carried (version 1 holds nothing else). */
export function runFingerprint(run: RunSettings): string {
  return sha256Hex(
    canonicalJson({
      samples: run.samples,
      metrics: run.metrics,
      baseURL: sanitizeUrl(run.baseURL),
      model: run.model,
      embeddingModel: run.embeddingModel ?? null,
      metricOptions: run.metricOptions,
      prompts: run.prompts.map((p) => p.hash),
      ...(run.customJudges && run.customJudges.length > 0 ? { customJudges: run.customJudges } : {}),
    }),
  );
}

const NAMES: Record<Exclude<keyof RunIdentity, "prompts">, string> = { input: "input", metrics: "metrics", models: "models", baseURL: "base URL" };

/** Each difference as `the base URL changed (journal: X; now: Y)`; empty when none is known. */
export function describeChanges(was: RunIdentity, now: RunIdentity): string[] {
  const changes: string[] = [];
  for (const field of Object.keys(NAMES) as (keyof typeof NAMES)[]) {
    if (was[field] !== now[field]) changes.push(`the ${NAMES[field]} changed (journal: ${was[field]}; now: ${now[field]})`);
  }
  const ids = [...new Set([...Object.keys(was.prompts), ...Object.keys(now.prompts)])];
  const prompts = ids
    .filter((id) => was.prompts[id] !== now.prompts[id])
    .map((id) => `${id} (journal: ${short(was.prompts[id])}; now: ${short(now.prompts[id])})`);
  if (prompts.length > 0) changes.push(`the prompts changed: ${prompts.join(", ")}`);
  return changes;
}

function short(hash: string | undefined): string {
  return hash === undefined ? "not used" : `hash ${hash.slice(0, 12)}`;
}
