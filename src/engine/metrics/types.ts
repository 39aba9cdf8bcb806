import type { MetricFamily } from "./definition";
import { METRIC_IDS, METRICS, type MetricId } from "./registry";

/**
 * The metric ids and the lists derived from the registry, next to the metric shape's most used types
 * (all of them live in ./definition, which the folders import: it imports no metric, so no cycle).
 */
export type {
  CallCount,
  Localized,
  MetricContext,
  MetricDefinition,
  MetricOptions,
  OptionField,
  SharedReplies,
  TraceDiffItem,
} from "./definition";
export { METRIC_IDS, type AnyMetricId, type MetricId } from "./registry";

const ofFamily = (family: MetricFamily): readonly MetricId[] => METRIC_IDS.filter((id) => METRICS[id].family === family);

/** The paper's five (DESIGN.md contract 1): the default selection of the CLI and the playground. */
export const PAPER_METRIC_IDS = ofFamily("paper");
/** ragas 0.4's judge and embedding metrics (contract 11). */
export const JUDGE_METRIC_IDS = ofFamily("ragas");
/** Metrics that need no judge (contract 11): no request, no key. */
export const TEXT_METRIC_IDS = ofFamily("text");
/** Retrieval metrics from ids and ranks (contract 15): no judge, no key, deterministic. */
export const RETRIEVAL_METRIC_IDS = ofFamily("retrieval");

/** Metrics where lower is better (noise sensitivity: the share of errors noise caused). */
export const LOWER_IS_BETTER: readonly string[] = METRIC_IDS.filter((id) => METRICS[id].lowerIsBetter === true);
