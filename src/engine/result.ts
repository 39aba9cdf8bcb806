/**
 * The result contract (DESIGN.md contracts 3 and 4): every metric returns a score in [0, 1] or
 * null with a machine-readable code and a human message. Never NaN, never a silent 0.
 */

export type ErrorCode = "no_statements" | "no_entities" | "missing_input" | "parse_error" | "llm_error" | "cancelled" | "invalid_prompt" | "internal_error";

interface MetricErrorInfo {
  code: ErrorCode;
  message: string;
}

/** How a judge reply was obtained: structured output, JSON mode, or text with extraction. */
export type OutputMode = "json_schema" | "json_object" | "text";

/** One request made for a metric (a repair call or a cached answer is a call too). */
export interface CallRecord {
  kind: "chat" | "embedding";
  promptId: string;
  promptHash: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  ms: number;
  cached: boolean;
  attempts: number;
  /** Extra detail for the call log; optional so reports can drop it. */
  mode?: OutputMode;
  /** Name of the prompt version that ran (set by the prompt studio). */
  promptVersion?: string;
  messages?: { role: "system" | "user" | "assistant"; content: string }[];
  reply?: string;
  error?: string;
}

export interface MetricResult<TTrace extends { calls: CallRecord[] } = { calls: CallRecord[] }> {
  score: number | null;
  reason?: string;
  error?: MetricErrorInfo;
  trace: TTrace;
}

/**
 * Thrown by a metric step or a transport; evaluate() turns it into a coded null result.
 * It carries the calls already made so the trace still shows what was spent.
 */
export class MetricError extends Error {
  readonly code: ErrorCode;
  readonly calls: CallRecord[];
  constructor(code: ErrorCode, message: string, calls: CallRecord[] = []) {
    super(message);
    this.name = "MetricError";
    this.code = code;
    this.calls = calls;
  }
}

export function isMetricError(error: unknown): error is MetricError {
  return (
    error instanceof MetricError ||
    (typeof error === "object" &&
      error !== null &&
      (error as { name?: unknown }).name === "MetricError" &&
      typeof (error as { code?: unknown }).code === "string")
  );
}

/** A score function's outcome: a number in [0, 1], or null with its reason. */
export type ScoreOutcome = { score: number; error?: undefined } | { score: null; error: MetricErrorInfo };

export function scored(score: number): ScoreOutcome {
  if (!Number.isFinite(score)) throw new Error(`score must be finite, got ${score}`);
  return { score: Math.min(1, Math.max(0, score)) };
}

export function unscored(code: ErrorCode, message: string): ScoreOutcome {
  return { score: null, error: { code, message } };
}
