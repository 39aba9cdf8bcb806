import { METRIC_IDS, METRICS, type MetricId } from "../../../engine";
import type { Lang } from "./lang";

/** Every built-in metric's name in one language, from its folder (the catalogues' `metrics`). */
export function metricNames(lang: Lang): Record<MetricId, string> {
  return Object.fromEntries(METRIC_IDS.map((id) => [id, METRICS[id].names[lang]])) as Record<MetricId, string>;
}
