import { z } from "zod";

/**
 * The result contract (DESIGN.md contracts 3 and 4): every metric returns a score in [0, 1] or
 * null with a machine-readable code and a human message. Never NaN, never a silent 0.
 */

/** Why a score is null (contract 3): the one list the engine writes, reports are checked against and the UI labels. */
export const errorCodeSchema = z.enum([
  "no_statements",
  "no_entities",
  "missing_input",
  "parse_error",
  "llm_error",
  "cancelled",
  "invalid_prompt",
  "internal_error",
  /** The user's RAG system (a target, contract 13) gave no answer to score. */
  "target_error",
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const metricErrorSchema = z.object({ code: errorCodeSchema, message: z.string() });
type MetricErrorInfo = z.infer<typeof metricErrorSchema>;

/** How a judge reply was obtained: structured output, JSON mode, or text with extraction. */
export const outputModeSchema = z.enum(["json_schema", "json_object", "text"]);
export type OutputMode = z.infer<typeof outputModeSchema>;

const count = z.number().int().min(0);

/**
 * One request made for a metric (a repair call or a cached answer is a call too). Reports and
 * stored results are read with this schema, so what is written and what is read are one shape.
 */
export const callRecordSchema = z.object({
  kind: z.enum(["chat", "embedding"]),
  promptId: z.string(),
  promptHash: z.string(),
  model: z.string(),
  promptTokens: count,
  completionTokens: count,
  ms: z.number().min(0),
  cached: z.boolean(),
  attempts: count,
  /** Extra detail for the call log; optional so reports can drop it. */
  mode: outputModeSchema.optional(),
  /** Name of the prompt version that ran (set by the prompt studio). */
  promptVersion: z.string().optional(),
  messages: z.array(z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() })).optional(),
  reply: z.string().optional(),
  error: z.string().optional(),
});
export type CallRecord = z.infer<typeof callRecordSchema>;

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
