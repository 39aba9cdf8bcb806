import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";

export type LlmErrorKind = "auth" | "not_found" | "rate_limited" | "server" | "network" | "timeout" | "bad_request" | "cancelled";

/** A transport failure, classified once so retry, UI and reports agree on what happened. */
export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  readonly status?: number;
  /** From retry-after-ms / retry-after, when the server sent it and the browser let us read it. */
  readonly retryAfterMs?: number;
  /** The server's own words, with anything that looks like a key removed. */
  readonly serverMessage?: string;
  /** HTTP attempts made before giving up (set by the retry loop). */
  attempts: number;
  constructor(kind: LlmErrorKind, message: string, extra: { status?: number; retryAfterMs?: number; serverMessage?: string; cause?: unknown } = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = "LlmError";
    this.kind = kind;
    if (extra.status !== undefined) this.status = extra.status;
    if (extra.retryAfterMs !== undefined) this.retryAfterMs = extra.retryAfterMs;
    if (extra.serverMessage !== undefined) this.serverMessage = extra.serverMessage;
    this.attempts = 0;
  }
}

export function isLlmError(error: unknown): error is LlmError {
  return error instanceof LlmError;
}

/** Kinds worth another attempt: the same request may well succeed a moment later. */
export function isRetryable(error: LlmError): boolean {
  return error.kind === "rate_limited" || error.kind === "server" || error.kind === "network" || error.kind === "timeout";
}

/** Removes the given secrets and anything shaped like an OpenAI-style key from text we show or log. */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join("[redacted]");
  return out.replace(/\b(sk|rk|pk)-[A-Za-z0-9_*-]{6,}/g, "[redacted]");
}

/** Milliseconds to wait as the server asked, or undefined when it did not say (or CORS hid it). */
function retryAfterMs(headers: Headers | undefined | null): number | undefined {
  if (!headers || typeof headers.get !== "function") return undefined;
  const ms = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers.get("retry-after");
  if (!raw) return undefined;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export interface ClassifyContext {
  /** Secrets to scrub from server messages (the API keys in use). */
  secrets?: readonly (string | undefined)[];
  /** The caller's signal aborted: the user cancelled. */
  cancelled?: boolean;
  /** Our per-request timeout fired. */
  timedOut?: boolean;
  timeoutMs?: number;
}

function serverMessageOf(error: APIError, secrets: ClassifyContext["secrets"]): string | undefined {
  const body = error.error as { message?: unknown } | undefined;
  const text = typeof body?.message === "string" ? body.message : error.message;
  if (!text) return undefined;
  const clean = redact(text, secrets).trim();
  return clean.length > 300 ? `${clean.slice(0, 300)}...` : clean;
}

function kindOfStatus(status: number): LlmErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 404) return "not_found";
  if (status === 429) return "rate_limited";
  if (status === 408) return "timeout";
  // 409 is OpenAI's "try again" for a conflicting concurrent request; treat it like a server hiccup.
  if (status === 409 || status >= 500) return "server";
  return "bad_request";
}

/** Turns whatever the SDK or fetch threw into an LlmError. Never echoes the key. */
export function classifyError(error: unknown, context: ClassifyContext = {}): LlmError {
  if (error instanceof LlmError) return error;
  const seconds = context.timeoutMs ? ` within ${Math.round(context.timeoutMs / 100) / 10} s` : " in time";
  if (context.cancelled) return new LlmError("cancelled", "the request was cancelled", { cause: error });
  if (context.timedOut || error instanceof APIConnectionTimeoutError) {
    return new LlmError("timeout", `no answer${seconds}`);
  }
  if (error instanceof APIUserAbortError || (error instanceof Error && error.name === "AbortError")) {
    return new LlmError("cancelled", "the request was cancelled", { cause: error });
  }
  if (error instanceof APIConnectionError || error instanceof TypeError) {
    return new LlmError("network", "could not reach the server", { cause: error });
  }
  if (error instanceof APIError && typeof error.status === "number") {
    const status = error.status;
    const kind = kindOfStatus(status);
    const serverMessage = serverMessageOf(error, context.secrets);
    const wait = retryAfterMs(error.headers);
    const message =
      kind === "auth"
        ? `HTTP ${status}: the server rejected the API key`
        : kind === "rate_limited"
          ? `HTTP 429: rate limited`
          : `HTTP ${status}${serverMessage ? `: ${serverMessage}` : ""}`;
    return new LlmError(kind, message, {
      status,
      ...(wait !== undefined ? { retryAfterMs: wait } : {}),
      // An auth failure's body often quotes the key (masked or not): keep none of it.
      ...(serverMessage && kind !== "auth" ? { serverMessage } : {}),
      // No cause: the SDK error's own message repeats the unredacted server text.
    });
  }
  const text = redact(error instanceof Error ? error.message : String(error), context.secrets);
  // A body that is not JSON where JSON was promised is the server's fault and may not recur.
  if (error instanceof SyntaxError) return new LlmError("server", `unreadable reply: ${text}`);
  return new LlmError("bad_request", text || "unknown transport error");
}
