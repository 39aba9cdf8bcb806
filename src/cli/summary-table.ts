import { metricSummaryOf, type Report } from "../storage/format/report-schema";
import type { CostEstimate } from "../storage/prices";

/**
 * The end-of-run table on stderr: per metric the mean, median, how many were scored, and the
 * nulls with their codes (a mean over 12 of 50 samples must not read like a mean over 50),
 * then the spend: requests, tokens, wall time.
 */
export function formatSummaryTable(report: Report, cost?: CostEstimate): string {
  const header = ["metric", "mean", "median", "scored", "nulls"];
  const rows = report.config.metrics.map((id) => {
    const s = metricSummaryOf(report.summary, id);
    if (!s) return [id, "-", "-", "0", "-"];
    const codes = Object.entries(s.nullCodes ?? {})
      .sort(([, a], [, b]) => b - a)
      .map(([code, n]) => `${n} ${code}`)
      .join(", ");
    return [id, num(s.mean), num(s.median), `${s.count}/${s.count + s.nullCount}`, s.nullCount === 0 ? "0" : codes || String(s.nullCount)];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 1 && i <= 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  const lines = [fmt(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(fmt)];
  if (report.summary.ragasScore !== null) lines.push(`ragas score (harmonic mean of the means): ${num(report.summary.ragasScore)}`);

  return `${lines.join("\n")}\n${formatSpend(report.usage, cost)}`;
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
