import { LOWER_IS_BETTER } from "../../engine/metrics/types";
import { repeatStat } from "../../engine/run/repeat-stats";
import { meanInterval } from "../../engine/stats/interval";
import { judgeNoise } from "../../engine/stats/judge-noise";
import { passes, passSummary } from "../../engine/stats/thresholds";
import { metricSummaryOf, type Report } from "./report-schema";

/**
 * Contract 14's numbers in a report: each metric summary's 95% interval, the thresholds' pass per
 * result and pass rate, and a repeat-n run's judge noise. Computed from the results alone (seeded
 * from the scores), so building a report and opening an older one give the same numbers.
 */

type Results = Report["results"];

/** Each sample's score as the summary counts it: its score, or with repeats the mean of its runs (undefined: not scored for this metric). */
export function sampleScores(results: Results, metricId: string): { sampleId: string; score: number | null }[] {
  return results.flatMap((row) => {
    const runs = [row.metrics, ...(row.repeats ?? [])].map((m) => m[metricId]);
    if (runs.every((r) => r === undefined)) return [];
    return [{ sampleId: row.sampleId, score: repeatStat(runs).mean }];
  });
}

/** The report with every metric summary's ci95 / ciMethod, thresholds and judge noise filled in. */
export function withStatistics(report: Report): Report {
  const thresholds = report.config.thresholds ?? {};
  const results = Object.keys(thresholds).length === 0 ? report.results : report.results.map((row) => markPasses(row, thresholds));
  const summary = { ...report.summary };
  for (const metricId of report.config.metrics) {
    const base = metricSummaryOf(report.summary, metricId);
    if (!base) continue;
    const perSample = sampleScores(results, metricId).map((s) => s.score);
    const scored = perSample.filter((s): s is number => s !== null);
    const interval = meanInterval(metricId, scored);
    const doc = { ...base, ci95: interval?.ci95 ?? null };
    if (interval) doc.ciMethod = interval.ciMethod;
    const threshold = thresholds[metricId];
    if (threshold !== undefined) {
      const pass = passSummary(perSample, base.mean, threshold, LOWER_IS_BETTER.includes(metricId));
      Object.assign(doc, { passed: pass.passed, passRate: pass.passRate, passRateCi95: pass.passRateCi95, meanPasses: pass.meanPasses });
    }
    if ((report.config.repeat ?? 1) > 1) {
      const noise = judgeNoise(results.map((row) => [row.metrics, ...(row.repeats ?? [])].map((m) => m[metricId]?.score ?? null)));
      Object.assign(doc, { withinSd: noise.withinSd, disagreeShare: noise.disagreeShare, judgeVarianceShare: noise.judgeVarianceShare });
    }
    summary[metricId] = doc;
  }
  return { ...report, results, summary };
}

/** A report whose metric summaries lack intervals (written before version 3): they are added. */
export function needsStatistics(report: Report): boolean {
  return report.config.metrics.some((id) => {
    const s = metricSummaryOf(report.summary, id);
    return s !== undefined && s.ci95 === undefined;
  });
}

function markPasses(row: Results[number], thresholds: Readonly<Record<string, number>>): Results[number] {
  const mark = (metrics: Results[number]["metrics"]) =>
    Object.fromEntries(
      Object.entries(metrics).map(([id, result]) => {
        const threshold = thresholds[id];
        return [id, threshold === undefined ? result : { ...result, pass: passes(result.score, threshold, LOWER_IS_BETTER.includes(id)) }];
      }),
    );
  return { ...row, metrics: mark(row.metrics), ...(row.repeats ? { repeats: row.repeats.map(mark) } : {}) };
}
