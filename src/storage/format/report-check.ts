import { isKnownMetricId } from "../../engine/metrics/registry";
import { LOWER_IS_BETTER, METRIC_IDS } from "../../engine/metrics/types";
import { passes } from "../../engine/stats/thresholds";
import { recomputeScore } from "../../engine/recompute";
import { legacyScoreAccepted } from "./legacy-scores";
import type { MetricResult } from "../../engine/result";
import { countsInRagasScore } from "../../engine/run/ragas-score";
import { harmonicMean, summarizeScores } from "../../engine/run/aggregate";
import { std } from "../../engine/math/std";
import { repeatStat } from "../../engine/run/repeat-stats";
import { metricSummaryOf, type Report } from "./report-schema";
import { traceFieldsOf, traceItemsOf } from "./trace-schemas";
import { formatPath } from "./json-path";

/**
 * What a schema cannot see: that each score is what its trace says (contract 4), that each null
 * says why (contract 3), that results belong to the samples, and that the summary is the
 * summary of these results. A hand-edited score or a truncated file stops here, by path.
 */

export interface Inconsistency {
  path: string;
  message: string;
}

const TOLERANCE = 1e-9;

export function checkReport(report: Report): Inconsistency | undefined {
  return checkIds(report) ?? checkResults(report) ?? checkSummary(report);
}

function checkIds(report: Report): Inconsistency | undefined {
  const ids = new Set<string>();
  for (const [i, s] of report.samples.entries()) {
    if (ids.has(s.id)) return { path: formatPath(["samples", i, "id"]), message: `sample id "${s.id}" appears twice` };
    ids.add(s.id);
  }
  for (const [i, id] of report.config.metrics.entries()) {
    if (!isKnown(id)) return { path: formatPath(["config", "metrics", i]), message: unknownMetric(id) };
  }
  const seen = new Set<string>();
  for (const [i, r] of report.results.entries()) {
    if (!ids.has(r.sampleId)) return { path: formatPath(["results", i, "sampleId"]), message: `no sample has the id "${r.sampleId}"` };
    if (seen.has(r.sampleId)) return { path: formatPath(["results", i, "sampleId"]), message: `sample "${r.sampleId}" has two result rows` };
    seen.add(r.sampleId);
  }
  const missing = [...ids].find((id) => !seen.has(id));
  if (missing !== undefined) return { path: "results", message: `sample "${missing}" has no result row` };
  return undefined;
}

function checkResults(report: Report): Inconsistency | undefined {
  const repeat = report.config.repeat ?? 1;
  for (const [i, row] of report.results.entries()) {
    const problem = checkMetrics(report, row.metrics, ["results", i, "metrics"]);
    if (problem) return problem;
    const extra = row.repeats ?? [];
    if (extra.length !== repeat - 1) {
      return {
        path: formatPath(["results", i, "repeats"]),
        message: `holds ${extra.length} more runs, but config.repeat is ${repeat} (expected ${repeat - 1})`,
      };
    }
    for (const [k, metrics] of extra.entries()) {
      const inRepeat = checkMetrics(report, metrics, ["results", i, "repeats", k]);
      if (inRepeat) return inRepeat;
    }
  }
  return undefined;
}

function checkMetrics(report: Report, metrics: Report["results"][number]["metrics"], base: (string | number)[]): Inconsistency | undefined {
  for (const [metricId, result] of Object.entries(metrics)) {
    const at = [...base, metricId];
    if (!isKnown(metricId)) return { path: formatPath(at), message: unknownMetric(metricId) };
    if (!report.config.metrics.includes(metricId)) return { path: formatPath(at), message: `"${metricId}" is not among config.metrics` };
    const threshold = report.config.thresholds?.[metricId];
    if (threshold !== undefined && result.pass !== undefined && result.pass !== passes(result.score, threshold, LOWER_IS_BETTER.includes(metricId))) {
      return {
        path: formatPath([...at, "pass"]),
        message: `is ${result.pass}, but the score ${result.score} against the threshold ${threshold} gives ${!result.pass}`,
      };
    }
    // A summary-only copy has no traces to recompute from; its scores are taken as written.
    if (report.tracesOmitted && result.score !== null) continue;
    const problem = checkMetricResult(metricId, result);
    if (problem) return { path: formatPath([...at, ...problem.path]), message: problem.message };
  }
  return undefined;
}

/**
 * One metric result against contracts 3 and 4: a null says why, a score is what its trace gives.
 * The path is relative to the result. The CLI checks each journaled result with it on --resume.
 */
export function checkMetricResult(
  metricId: string,
  result: Pick<MetricResult, "score" | "trace"> & { error?: unknown },
): { path: (string | number)[]; message: string } | undefined {
  if (result.score === null) {
    return result.error ? undefined : { path: ["error"], message: "a null score must say why (error.code and error.message)" };
  }
  const fields = traceFieldsOf(metricId);
  if (!fields) return { path: [], message: unknownMetric(metricId) };
  const traceOk = fields.safeParse(result.trace);
  if (!traceOk.success) {
    const issue = traceOk.error.issues[0]!;
    return { path: ["trace", ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))], message: issue.message };
  }
  const again = recomputeScore(metricId, result.trace);
  if (again.score === null && legacyScoreAccepted(metricId, result.score, result.trace)) return undefined;
  if (again.score === null || Math.abs(again.score - result.score) > TOLERANCE) {
    return {
      path: ["score"],
      message: `the score ${result.score} does not follow from its trace (the ${traceItemsOf(metricId)} give ${again.score ?? `null: ${again.error.code}`})`,
    };
  }
  return undefined;
}

/** Each sample counts once in the summary: by its score, or with repeats by the mean of its runs. */
function checkSummary(report: Report): Inconsistency | undefined {
  const means: number[] = [];
  for (const metricId of report.config.metrics) {
    const perSample: { mean: number | null; code: string | undefined }[] = [];
    for (const [i, row] of report.results.entries()) {
      const runs = [row.metrics, ...(row.repeats ?? [])].map((m) => m[metricId]);
      if (runs.every((r) => r === undefined)) continue;
      const stat = repeatStat(runs);
      const stored = row.stats?.[metricId];
      if (stored) {
        for (const key of ["mean", "std", "n", "nullCount"] as const) {
          if (!same(stored[key], stat[key])) {
            return { path: formatPath(["results", i, "stats", metricId, key]), message: `is ${stored[key]}, but the runs give ${stat[key]}` };
          }
        }
      }
      perSample.push({ mean: stat.mean, code: stat.code });
    }
    const expected = summarizeScores(
      perSample.map((s) => s.mean),
      perSample.map((s) => s.code),
    );
    if (expected.mean !== null && countsInRagasScore(metricId)) means.push(expected.mean);
    const got = metricSummaryOf(report.summary, metricId);
    if (!got) return { path: formatPath(["summary", metricId]), message: "missing" };
    for (const key of ["mean", "median", "count", "nullCount"] as const) {
      if (!same(got[key], expected[key])) {
        return { path: formatPath(["summary", metricId, key]), message: `is ${got[key]}, but the results give ${expected[key]}` };
      }
    }
    const spread = std(perSample.map((s) => s.mean).filter((m): m is number => m !== null));
    if (got.std !== undefined && !same(got.std, spread)) {
      return { path: formatPath(["summary", metricId, "std"]), message: `is ${got.std}, but the results give ${spread}` };
    }
  }
  const ragas = harmonicMean(means);
  if (!same(report.summary.ragasScore, ragas))
    return { path: "summary.ragasScore", message: `is ${report.summary.ragasScore}, but the metric means give ${ragas}` };
  return undefined;
}

function same(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) <= TOLERANCE;
}

function isKnown(id: string): boolean {
  return isKnownMetricId(id) && traceFieldsOf(id) !== undefined;
}

function unknownMetric(id: string): string {
  return `unknown metric "${id}"; this version knows ${METRIC_IDS.join(", ")} and custom:<slug> judges`;
}
