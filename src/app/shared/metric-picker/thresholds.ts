import { passes } from "../../../engine/stats/thresholds";
import { lowerIsBetter } from "../results/labels";

/** True when the text typed is not a threshold: a threshold is a number from 0 to 1 (empty = none). */
export function thresholdProblem(text: string): boolean {
  if (text.trim() === "") return false;
  const n = Number(text);
  return !Number.isFinite(n) || n < 0 || n > 1;
}

/**
 * The thresholds a form runs with, from the text typed beside each metric: only the ticked
 * metrics', only valid numbers (an invalid one is shown as a problem and never used).
 */
export function thresholdsOf(raw: Readonly<Record<string, string>>, metrics: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const id of metrics) {
    const text = raw[id] ?? "";
    if (text.trim() !== "" && !thresholdProblem(text)) out[id] = Number(text);
  }
  return out;
}

/**
 * The form's threshold texts once a history entry is reopened: its metrics get the thresholds they
 * were scored with (none: empty), so each card shows the pass / fail it had; other metrics keep the
 * form's. An entry from before thresholds were kept (undefined) leaves the form as it is.
 */
export function thresholdsAsScored(
  metrics: readonly string[],
  scored: Readonly<Record<string, number>> | undefined,
  form: Readonly<Record<string, string>>,
): Record<string, string> {
  if (!scored) return { ...form };
  const out = { ...form };
  for (const id of metrics) out[id] = scored[id] === undefined ? "" : String(scored[id]);
  return out;
}

/** A result against the threshold typed for its metric: undefined where there is none (or it is not a number from 0 to 1). */
export function passOf(id: string, score: number | null, raw: Readonly<Record<string, string>>): boolean | undefined {
  const text = raw[id] ?? "";
  if (text.trim() === "" || thresholdProblem(text)) return undefined;
  return passes(score, Number(text), lowerIsBetter(id));
}
