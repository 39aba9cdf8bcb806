import type { AnyMetricId, MetricResult } from "../../../engine";
import type { ErrorCode } from "../../../engine/result";

/**
 * A null that means "the metric could not be computed" (the endpoint, the reply or the prompt
 * failed), as opposed to a null the sample itself explains (no statements, a missing input) or a
 * cancellation the user asked for.
 */
const FAILURE_CODES: readonly ErrorCode[] = ["llm_error", "parse_error", "invalid_prompt", "internal_error"];

function isFailure(result: MetricResult): boolean {
  return result.score === null && result.error !== undefined && FAILURE_CODES.includes(result.error.code);
}

export interface AllFailed {
  /** How many metrics there are, every one of them failed. */
  count: number;
  /** The error every one of them reported, when they all reported the same (a dead port, CORS). */
  common?: { code: string; message: string };
}

/** Whether every result failed (null when at least one scored, or was null for a reason of its own). */
export function allFailed(results: Partial<Record<AnyMetricId, MetricResult>>): AllFailed | null {
  const list = Object.values(results).filter((r): r is MetricResult => r !== undefined);
  if (list.length === 0 || !list.every(isFailure)) return null;
  const first = list[0]!.error!;
  const same = list.every((r) => r.error!.code === first.code && r.error!.message === first.message);
  return same ? { count: list.length, common: { code: first.code, message: first.message } } : { count: list.length };
}
