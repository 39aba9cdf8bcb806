import { isMetricId, METRICS, needsNoModel } from "../../../engine";

/**
 * The opened report's header line in Reports: the date in the reader's locale (Intl, not the raw
 * ISO timestamp), the judge, and counts with their nouns ("50 samples", not a bare "50").
 */
interface ReportHeadInput {
  createdAt: string;
  config: { model: string; metrics: readonly string[] };
  samples: readonly unknown[];
}

export function reportHeadLine(r: ReportHeadInput, lang: "en" | "zh"): string {
  const date = localDate(r.createdAt, lang);
  // A run of only the metrics that need no judge asked no model: naming one would mislead.
  const judged = r.config.metrics.some((id) => !isMetricId(id) || !needsNoModel(METRICS[id]));
  const model = judged ? r.config.model : "";
  const samples = r.samples.length;
  const metrics = r.config.metrics.length;
  if (lang === "zh") {
    return [`创建于 ${date}`, model ? `评审模型 ${model}` : "无评审模型", `${samples.toLocaleString("zh-CN")} 个样本`, `${metrics} 个指标`].join(" · ");
  }
  return [
    `created ${date}`,
    model ? `judge ${model}` : "no judge",
    `${samples.toLocaleString("en")} sample${samples === 1 ? "" : "s"}`,
    `${metrics} metric${metrics === 1 ? "" : "s"}`,
  ].join(" · ");
}

/** An ISO timestamp in the reader's locale, e.g. "Nov 25, 2026, 5:40 AM" or "2026年11月25日 05:40". */
function localDate(iso: string, lang: "en" | "zh"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = lang === "zh" ? "zh-CN" : typeof navigator !== "undefined" ? navigator.language : "en";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}
