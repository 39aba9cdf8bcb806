import { type AnyMetricId, type CustomJudge, getMetric, needsNoModel } from "../../engine";

/**
 * With no API key, what a run can still do: the metrics that need no judge (bleu, rouge_l, ...)
 * are computed in the browser and run; the others, custom judges included, are skipped. The
 * playground does the same and says so; the run form and the run's result say which were skipped.
 */
export interface KeylessSplit {
  run: AnyMetricId[];
  skipped: AnyMetricId[];
}

export function keylessSplit(metrics: readonly AnyMetricId[], judges: readonly CustomJudge[] = []): KeylessSplit {
  const free = (id: AnyMetricId) => needsNoModel(getMetric(id, judges));
  return { run: metrics.filter(free), skipped: metrics.filter((id) => !free(id)) };
}
