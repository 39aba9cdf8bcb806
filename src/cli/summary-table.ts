import { LOWER_IS_BETTER } from "../engine/metrics/types";
import { metricSummaryOf, type Report } from "../storage/format/report-schema";
import type { CostEstimate } from "../storage/prices";

/**
 * The end-of-run table on stderr: per metric the mean with its 95% interval (contract 14), median,
 * how many were scored, and the nulls with their codes (a mean over 12 of 50 samples must not read
 * like a mean over 50); with --threshold the bar and the pass rate with its interval; with --repeat
 * the judge's noise; then the spend: requests, tokens, wall time.
 */
export function formatSummaryTable(report: Report, cost?: CostEstimate): string {
  const thresholds = report.config.thresholds ?? {};
  const gated = Object.keys(thresholds).length > 0;
  const header = ["metric", "mean", "95% CI", "median", "scored", "nulls", ...(gated ? ["threshold", "passed"] : [])];
  const rows = report.config.metrics.map((id) => {
    const s = metricSummaryOf(report.summary, id);
    if (!s) return [id, "-", "-", "-", "0", "-", ...(gated ? ["-", "-"] : [])];
    const codes = Object.entries(s.nullCodes ?? {})
      .sort(([, a], [, b]) => b - a)
      .map(([code, n]) => `${n} ${code}`)
      .join(", ");
    const ci = s.ci95 ? `[${num(s.ci95[0])}, ${num(s.ci95[1])}]` : "-";
    const threshold = thresholds[id];
    const gate =
      threshold === undefined
        ? ["-", "-"]
        : [`${LOWER_IS_BETTER.includes(id) ? "<=" : ">="} ${threshold}`, passLine(s.passed ?? 0, s.count + s.nullCount, s.passRateCi95)];
    return [
      id,
      num(s.mean),
      ci,
      num(s.median),
      `${s.count}/${s.count + s.nullCount}`,
      s.nullCount === 0 ? "0" : codes || String(s.nullCount),
      ...(gated ? gate : []),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const rightAligned = new Set([1, 3, 4]);
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  const lines = [fmt(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(fmt)];
  if (report.summary.ragasScore !== null) lines.push(`ragas score (harmonic mean of the means): ${num(report.summary.ragasScore)}`);
  lines.push(...judgeNoiseLines(report));

  return `${lines.join("\n")}\n${formatSpend(report.usage, cost)}`;
}

function passLine(passed: number, n: number, ci: [number, number] | undefined): string {
  return `${passed}/${n}${ci ? ` [${num(ci[0])}, ${num(ci[1])}]` : ""}`;
}

/** With --repeat: per metric, how much the judge disagrees with itself. */
function judgeNoiseLines(report: Report): string[] {
  if ((report.config.repeat ?? 1) < 2) return [];
  return report.config.metrics.flatMap((id) => {
    const s = metricSummaryOf(report.summary, id);
    if (!s || s.withinSd === undefined || s.withinSd === null) return [];
    const share = s.judgeVarianceShare === null || s.judgeVarianceShare === undefined ? "-" : `${Math.round(s.judgeVarianceShare * 100)}%`;
    const disagree = s.disagreeShare === null || s.disagreeShare === undefined ? "-" : `${Math.round(s.disagreeShare * 100)}%`;
    return [`judge noise, ${id}: within-sample sd ${num(s.withinSd)}, runs disagree on ${disagree} of samples, ${share} of the variance is the judge's`];
  });
}

interface SpendLines {
  requests: number;
  chatRequests?: number | undefined;
  embeddingRequests?: number | undefined;
  cachedRequests?: number | undefined;
  promptTokens: number;
  completionTokens: number;
  wallMs?: number | undefined;
  peakInFlight?: number | undefined;
}

/** What a run spent (`score`'s and `agreement`'s last lines): requests, tokens, the estimated cost, wall time. */
export function formatSpend(u: SpendLines, cost?: CostEstimate): string {
  const lines: string[] = [];
  const split =
    u.chatRequests !== undefined
      ? ` (${u.chatRequests} chat, ${u.embeddingRequests ?? 0} embedding${u.cachedRequests ? `, ${u.cachedRequests} cached` : ""})`
      : "";
  lines.push(`requests: ${u.requests}${split}`);
  lines.push(`tokens: ${group(u.promptTokens)} prompt, ${group(u.completionTokens)} completion`);
  if (cost) lines.push(costLine(cost));
  if (u.wallMs !== undefined)
    lines.push(`wall time: ${(u.wallMs / 1000).toFixed(1)} s${u.peakInFlight !== undefined ? `, at most ${u.peakInFlight} requests in flight` : ""}`);
  return `${lines.join("\n")}\n`;
}

/** Never a silent $0: a model without a price is named, with the flag that prices it. */
function costLine(cost: CostEstimate): string {
  // Sub-dollar runs are common (a few samples on a small model): four decimals keep them visible.
  const usd = `$${cost.usd < 1 ? cost.usd.toFixed(4) : cost.usd.toFixed(2)}`;
  if (cost.unpriced.length === 0) return `estimated cost: ${usd} (list prices; --price MODEL=IN/OUT to correct)`;
  const missing = `no price for ${cost.unpriced.join(", ")} (--price MODEL=IN/OUT, USD per 1M tokens)`;
  return cost.usd > 0 ? `estimated cost: ${usd} + unknown: ${missing}` : `estimated cost: unknown: ${missing}`;
}

function num(value: number | null): string {
  return value === null ? "-" : value.toFixed(3);
}

function group(n: number): string {
  return n.toLocaleString("en-US");
}
