/** Display helpers shared by the result views; no score is ever computed here. */

export type ScoreLevel = "high" | "medium" | "low";

/** Bands for colour and the text label next to it (colour is never the only signal). */
export function scoreLevel(score: number): ScoreLevel {
  if (score >= 0.8) return "high";
  if (score >= 0.5) return "medium";
  return "low";
}

/** What every score view shows where there is no score (a null mean, a metric not run); the HTML viewer writes the same. */
const NO_SCORE = "—";

/**
 * A score (or a raw cosine, an effect size: a negative value keeps its sign) with two decimals,
 * for the results, the explorer, the comparison and, written again in viewer.js, the HTML export.
 * No score, or a non-finite one (which the engine never returns), shows as a dash, never "NaN".
 */
export function formatScore(score: number | null | undefined): string {
  return typeof score === "number" && Number.isFinite(score) ? score.toFixed(2) : NO_SCORE;
}

/** What a null score shows in its place: why it is null (its error code), or "null" where no code came. */
export function nullCode(result: { error?: { code: string } }): string {
  return result.error?.code ?? "null";
}

export function formatUsd(usd: number): string {
  if (usd === 0) return "$0";
  if (usd < 0.0001) return "< $0.0001";
  if (usd < 1) return `$${usd.toPrecision(2)}`;
  return `$${usd.toFixed(2)}`;
}

/** A latency in the UI language's units (the catalogue's callLog.seconds / milliseconds). */
export function formatMs(ms: number, units: { seconds(s: string): string; milliseconds(ms: number): string }): string {
  return ms >= 1000 ? units.seconds((ms / 1000).toFixed(1)) : units.milliseconds(Math.round(ms));
}
