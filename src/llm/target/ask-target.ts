import type { TargetFailed, TargetOutcome, TargetPort } from "../../engine/target/outcome";
import { renderRequest, type TargetInputs, type TargetRequest } from "../../engine/target/render-request";
import { resolveHeaders, scrubTargetText, shownHeaders, targetSecrets } from "../../engine/target/target-headers";
import type { Target } from "../../engine/target/target-schema";
import { sanitizeUrl } from "../../engine/text/url-secrets";
import type { SleepFn } from "../config";
import { backoffDelay, NETWORK_RETRY_CAP } from "../retry";
import { abortableSleep, attemptSignal } from "../signal";
import { PathError } from "./pick-paths";
import { type Picked, ReplyShapeError, readReply } from "./read-reply";

/**
 * The Target port over an injected fetch (Node's in the CLI, the browser's in the app): one
 * request per ask, a timeout per attempt, retries with backoff and jitter on 429, 5xx, timeouts and
 * network failures (a Retry-After the server sends is honoured), and every failure a coded
 * `target_error` naming the HTTP status or the path that matched nothing. Secrets (resolved header
 * values, URL credentials) never appear in a message or in what `test` shows.
 */

const TARGET_DEFAULTS = { timeoutMs: 60_000, retries: 3 } as const;
const RETRY_AFTER_CAP_MS = 60_000;
const SNIPPET = 200;
const SHOWN_REPLY = 20_000;

export interface TargetDeps {
  fetch: typeof fetch;
  /** Where `${NAME}` header values are read (process.env in the CLI, the typed secrets in the app). */
  env: Readonly<Record<string, string | undefined>>;
  sleep?: SleepFn;
  random?: () => number;
  now?: () => number;
}

/** "Test with one row": what was sent (secrets redacted), what came back, what each path picked. */
export interface TargetExchange {
  request: TargetRequest;
  status?: number;
  reply?: string;
  picked?: Picked;
  outcome: TargetOutcome;
}

export interface TargetClient extends TargetPort {
  /** The values scrubbed from everything written: hand them to every file writer and log. */
  readonly secrets: readonly string[];
  test(inputs: TargetInputs, signal?: AbortSignal): Promise<TargetExchange>;
}

/** Throws MissingVariableError (target-headers.ts) when a header reads a variable the env lacks. */
export function createTargetClient(target: Target, deps: TargetDeps): TargetClient {
  const headers = resolveHeaders(target, deps.env);
  const secrets = targetSecrets(target, deps.env);
  const scrub = (text: string) => scrubTargetText(text, secrets);
  const ask = async (inputs: TargetInputs, signal: AbortSignal | undefined, seen?: Partial<TargetExchange>): Promise<TargetOutcome> => {
    const request = renderRequest(target, headers, inputs);
    const outcome = await askWithRetries(target, request, deps, signal, seen);
    return "error" in outcome ? { ...outcome, error: { ...outcome.error, message: scrub(outcome.error.message) } } : outcome;
  };
  return {
    secrets,
    ask: (inputs, signal) => ask(inputs, signal),
    async test(inputs, signal) {
      const seen: Partial<TargetExchange> = {};
      const outcome = await ask(inputs, signal, seen);
      const request = renderRequest(target, headers, inputs);
      return {
        request: {
          ...request,
          url: sanitizeUrl(scrub(request.url)),
          headers: shownHeaders(request.headers, secrets),
          ...(request.body !== undefined ? { body: scrub(request.body) } : {}),
        },
        ...(seen.status !== undefined ? { status: seen.status } : {}),
        ...(seen.reply !== undefined ? { reply: scrub(seen.reply.slice(0, SHOWN_REPLY)) } : {}),
        ...(seen.picked ? { picked: seen.picked } : {}),
        outcome,
      };
    },
  };
}

type Attempt =
  | { kind: "answered"; picked: Picked; status: number }
  | { kind: "retry"; message: string; status?: number; retryAfterMs?: number; network?: boolean }
  | { kind: "fail"; message: string; status?: number };

async function askWithRetries(
  target: Target,
  request: TargetRequest,
  deps: TargetDeps,
  signal: AbortSignal | undefined,
  seen?: Partial<TargetExchange>,
): Promise<TargetOutcome> {
  const now = deps.now ?? (() => performance.now());
  const sleep = deps.sleep ?? abortableSleep;
  const timeoutMs = target.timeoutMs ?? TARGET_DEFAULTS.timeoutMs;
  const retries = target.retries ?? TARGET_DEFAULTS.retries;
  const started = now();
  let networkFailures = 0;
  for (let attempts = 1; ; attempts++) {
    const scoped = attemptSignal(signal, timeoutMs);
    const t0 = now();
    let result: Attempt;
    try {
      result = await attemptOnce(target, request, deps.fetch, scoped.signal, seen);
    } catch (error) {
      if (signal?.aborted) return failed("cancelled before the target answered", attempts, now() - started);
      const timedOut = scoped.timedOut();
      result = timedOut
        ? { kind: "retry", message: `no reply within ${timeoutMs} ms (the target's timeout)` }
        : { kind: "retry", network: true, message: networkMessage(request.url, error) };
    } finally {
      scoped.dispose();
    }
    const ms = now() - t0;
    if (result.kind === "answered") return { ...result.picked, status: result.status, ms, attempts };
    if (result.kind === "retry" && result.network) networkFailures++;
    const spent = attempts > retries || networkFailures > NETWORK_RETRY_CAP;
    if (result.kind === "fail" || spent) {
      const tries = attempts > 1 ? ` (after ${attempts} attempts)` : "";
      return failed(`${result.message}${tries}`, attempts, now() - started, result.status);
    }
    const delay = result.retryAfterMs ?? backoffDelay(attempts - 1, deps.random);
    try {
      await sleep(delay, signal);
    } catch {
      return failed("cancelled before the target answered", attempts, now() - started, result.status);
    }
  }
}

async function attemptOnce(
  target: Target,
  request: TargetRequest,
  fetchFn: typeof fetch,
  signal: AbortSignal,
  seen?: Partial<TargetExchange>,
): Promise<Attempt> {
  const response = await fetchFn(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
    signal,
  });
  const text = await response.text();
  if (seen) {
    seen.status = response.status;
    seen.reply = text;
    delete seen.picked;
  }
  const status = response.status;
  if (status === 429 || status >= 500) {
    const retryAfterMs = retryAfter(response.headers.get("retry-after"));
    return {
      kind: "retry",
      status,
      message: `HTTP ${status}${httpDetail(response.statusText, text)}`,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    };
  }
  if (status < 200 || status >= 300) return { kind: "fail", status, message: `HTTP ${status}${httpDetail(response.statusText, text)}` };
  try {
    const picked = readReply(text, target);
    if (seen) seen.picked = picked;
    return { kind: "answered", status, picked };
  } catch (error) {
    if (error instanceof PathError || error instanceof ReplyShapeError) return { kind: "fail", status, message: `HTTP ${status}, but ${error.message}` };
    throw error;
  }
}

function failed(message: string, attempts: number, ms: number, status?: number): TargetFailed {
  return { error: { code: "target_error", message }, ...(status !== undefined ? { status } : {}), ms, attempts };
}

function httpDetail(statusText: string, body: string): string {
  const text = body.replace(/\s+/g, " ").trim().slice(0, SNIPPET);
  return `${statusText ? ` ${statusText}` : ""}${text ? `: ${text}` : ""}`;
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfter(value: string | null): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.min(Math.max(0, seconds * 1000), RETRY_AFTER_CAP_MS);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.min(Math.max(0, at - Date.now()), RETRY_AFTER_CAP_MS);
}

/**
 * No HTTP answer at all. In a browser a CORS refusal looks exactly like this (the page may not
 * read why), so the sentence says what the server must allow; corsAdvice (engine) spells it out.
 */
function networkMessage(url: string, error: unknown): string {
  const why = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // keep the URL as given
  }
  return `no HTTP answer from ${host} (${why}): the server is down or unreachable, or, from a browser, it does not allow this page's origin (CORS)`;
}
