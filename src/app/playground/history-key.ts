import { type AnyMetricId, type CustomJudge, canonicalJson, type MetricOptions, type PromptOverrides, sha256Hex } from "../../engine";
import type { AppSettings } from "../shared/settings-model/model";

/** What one playground score ran with, besides the sample. */
export interface ScoreConfig {
  metricIds: readonly AnyMetricId[];
  metricOptions: Partial<Record<AnyMetricId, MetricOptions>>;
  prompts: PromptOverrides;
  judges: readonly CustomJudge[];
  /** "demo": the demo judge; "keyless": only metrics that make no request; "endpoint": the user's. */
  judgedBy: "demo" | "keyless" | "endpoint";
  settings: Pick<AppSettings, "baseURL" | "model" | "embeddingModel" | "embeddingBaseURL" | "temperature">;
}

/**
 * The history entry's configKey: two scores of the same sample with the same key would give the
 * same cards (the same metrics, options, prompt versions, custom judges, models and endpoint), so
 * the second replaces the first instead of adding a twin. The order of ticking does not matter.
 * Settings that cannot change a score (concurrency, retries, prices) are left out.
 */
export function scoreConfigKey(config: ScoreConfig): string {
  const endpoint = config.judgedBy === "endpoint" ? config.settings : null;
  return sha256Hex(
    canonicalJson({
      metrics: [...config.metricIds].sort(),
      options: config.metricOptions,
      prompts: config.prompts,
      judges: [...config.judges].sort((a, b) => (a.slug < b.slug ? -1 : 1)),
      judgedBy: config.judgedBy,
      endpoint,
    }),
  );
}
