import { isMetricId, metricShape } from "../../../engine";
import type { Messages } from "../i18n/en";
import { type ScoreLevel, scoreLevel } from "./format";

/**
 * A metric's name for people, from one table for every view and export: a built-in metric's
 * catalogue label, a custom judge's name when known (else its slug). Unknown ids show as they are.
 */
export function metricLabel(t: Messages, id: string, judgeNames: Readonly<Record<string, string>> = {}): string {
  if (isMetricId(id)) return t.metrics[id];
  return judgeNames[id] ?? (id.startsWith("custom:") ? id.slice("custom:".length) : id);
}

/** A metric that counts errors (noise sensitivity) reads the other way round (and stays out of the RAGAS score): its folder says so. */
export function lowerIsBetter(id: string): boolean {
  return metricShape(id)?.lowerIsBetter === true;
}

/** The colour band of a score: good news is "high" whichever way the metric reads (noise sensitivity 0 is good). */
export function scoreBand(id: string, score: number): ScoreLevel {
  return scoreLevel(lowerIsBetter(id) ? 1 - score : score);
}
