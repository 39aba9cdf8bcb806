import { openAiError } from "./http";

/**
 * A batch's life on the mock's clock, as OpenAI's Batch API runs it: validating, then in_progress
 * (request_counts.completed grows with time), finalizing, completed. Faults end it differently:
 * failed (validation errors), expired (the window closed mid-way), cancelling -> cancelled.
 */

export type BatchStatus = "validating" | "failed" | "in_progress" | "finalizing" | "completed" | "expired" | "cancelling" | "cancelled";

export interface InputLine {
  custom_id: string;
  method: string;
  url: string;
  body: Record<string, unknown>;
}

export interface LifecycleTimes {
  validatingMs: number;
  inProgressMs: number;
  finalizingMs: number;
  cancellingMs: number;
}

export const DEFAULT_TIMES: LifecycleTimes = { validatingMs: 5_000, inProgressMs: 60_000, finalizingMs: 5_000, cancellingMs: 2_000 };

export interface BatchErrorItem {
  code: string;
  message: string;
  param: string | null;
  line: number | null;
}

export interface BatchRecord {
  id: string;
  endpoint: string;
  inputFileId: string;
  createdAt: number;
  lines: InputLine[];
  /** Validation errors: the batch fails once validation ends. */
  errors: BatchErrorItem[];
  /** The window closes at this fraction of in_progress (undefined: it never expires). */
  expireAt?: number;
  cancelledAt?: number;
  metadata: Record<string, string> | null;
  outputFileId: string | null;
  errorFileId: string | null;
  /** Set once the batch ended (completed / expired / cancelled) and its files were written. */
  ended: boolean;
  /** Lines answered when the batch ended (expired / cancelled ones stop early). */
  answered: number;
  failedLines: number;
}

export function phaseOf(batch: BatchRecord, now: number, times: LifecycleTimes): { status: BatchStatus; done: number } {
  const total = batch.lines.length;
  const t = now - batch.createdAt;
  if (batch.cancelledAt !== undefined) {
    const doneAtCancel = doneAt(batch, batch.cancelledAt, times);
    return { status: now - batch.cancelledAt >= times.cancellingMs ? "cancelled" : "cancelling", done: doneAtCancel };
  }
  if (t < times.validatingMs) return { status: "validating", done: 0 };
  if (batch.errors.length > 0) return { status: "failed", done: 0 };
  const progress = (t - times.validatingMs) / times.inProgressMs;
  if (batch.expireAt !== undefined && progress >= batch.expireAt) return { status: "expired", done: Math.floor(total * batch.expireAt) };
  if (progress < 1) return { status: "in_progress", done: Math.floor(total * progress) };
  if (t < times.validatingMs + times.inProgressMs + times.finalizingMs) return { status: "finalizing", done: total };
  return { status: "completed", done: total };
}

function doneAt(batch: BatchRecord, at: number, times: LifecycleTimes): number {
  const progress = Math.max(0, (at - batch.createdAt - times.validatingMs) / times.inProgressMs);
  return Math.min(batch.lines.length, Math.floor(batch.lines.length * progress));
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The batch object as GET /v1/batches/{id} returns it. */
export function batchObject(batch: BatchRecord, now: number, times: LifecycleTimes) {
  const { status, done } = phaseOf(batch, now, times);
  const inProgressAt = batch.createdAt + times.validatingMs;
  const finalizingAt = inProgressAt + times.inProgressMs;
  const reached = (s: BatchStatus[]) => s.includes(status);
  const failedSoFar = batch.ended ? batch.failedLines : 0;
  return {
    id: batch.id,
    object: "batch",
    endpoint: batch.endpoint,
    errors: batch.errors.length > 0 && status === "failed" ? { object: "list", data: batch.errors } : null,
    input_file_id: batch.inputFileId,
    completion_window: "24h",
    status,
    output_file_id: batch.ended ? batch.outputFileId : null,
    error_file_id: batch.ended ? batch.errorFileId : null,
    created_at: seconds(batch.createdAt),
    in_progress_at: reached(["in_progress", "finalizing", "completed", "expired"]) ? seconds(inProgressAt) : null,
    expires_at: seconds(batch.createdAt + 24 * 3600_000),
    finalizing_at: reached(["finalizing", "completed"]) ? seconds(finalizingAt) : null,
    completed_at: status === "completed" ? seconds(finalizingAt + times.finalizingMs) : null,
    failed_at: status === "failed" ? seconds(inProgressAt) : null,
    expired_at: status === "expired" ? seconds(now) : null,
    cancelling_at: batch.cancelledAt !== undefined ? seconds(batch.cancelledAt) : null,
    cancelled_at: status === "cancelled" ? seconds(batch.cancelledAt! + times.cancellingMs) : null,
    request_counts: { total: batch.lines.length, completed: Math.max(0, done - failedSoFar), failed: failedSoFar },
    metadata: batch.metadata,
  };
}

/** Checks an uploaded JSONL file the way the Batch API validates it; each problem is an error item. */
export function validateLines(text: string, endpoint: string, maxRequests: number): { lines: InputLine[]; errors: BatchErrorItem[] } {
  const errors: BatchErrorItem[] = [];
  const lines: InputLine[] = [];
  const seen = new Set<string>();
  const models = new Set<string>();
  const raw = text.split("\n").filter((l) => l.trim() !== "");
  if (raw.length > maxRequests) {
    const message = `The batch input file contains ${raw.length} requests, more than the maximum of ${maxRequests} requests per batch.`;
    return { lines, errors: [{ code: "too_many_requests", message, param: null, line: null }] };
  }
  for (const [i, textLine] of raw.entries()) {
    const problem = lineProblem(textLine, endpoint, seen, models);
    if (typeof problem === "string")
      errors.push({ code: problem.split("|")[0]!, message: problem.split("|")[1]!, param: problem.split("|")[2] || null, line: i + 1 });
    else lines.push(problem);
  }
  return { lines, errors };
}

/** The body OpenAI sends when an uploaded file is over the size limit. */
export function fileTooLarge(bytes: number, maxBytes: number) {
  const mb = (n: number) => `${Math.round((n / 1_000_000) * 10) / 10} MB`;
  return openAiError(
    `File is too large (${mb(bytes)}). The maximum file size for purpose 'batch' is ${mb(maxBytes)}.`,
    "invalid_request_error",
    "file_too_large",
    "file",
  );
}

/** The line, or "code|message|param" for what is wrong with it. */
function lineProblem(text: string, endpoint: string, seen: Set<string>, models: Set<string>): InputLine | string {
  let parsed: InputLine;
  try {
    parsed = JSON.parse(text) as InputLine;
  } catch {
    return "invalid_json_line|This line is not parseable as valid JSON.|";
  }
  if (typeof parsed.custom_id !== "string") return "missing_required_parameter|Missing custom_id.|custom_id";
  if (seen.has(parsed.custom_id)) {
    return "duplicate_custom_id|The custom_id for this request is a duplicate of another request. The custom_id parameter must be unique for each request in a batch.|custom_id";
  }
  seen.add(parsed.custom_id);
  if (parsed.method !== "POST") return "invalid_method|Only POST is supported.|method";
  if (parsed.url !== endpoint) return `mismatched_endpoint|The provided url '${parsed.url}' does not match the batch's endpoint '${endpoint}'.|url`;
  models.add(String(parsed.body?.model ?? ""));
  if (models.size > 1) return "mismatched_model|All requests in a batch must use the same model.|body.model";
  return parsed;
}
