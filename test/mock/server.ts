import { withEchoedKey } from "./echo-key";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createSecureServer, type Http2Session } from "node:http2";
import type { AddressInfo } from "node:net";
import { malformedAnswer, readChatRequest, refusedKeyword, scriptedAnswer, unsupportedFormat, xgrammarAnswer, type ChatAnswer } from "./chat";
import { embedText, toBase64 } from "./embeddings";
import { pickFault, seededRandom } from "./faults";
import { createGate, type Gate } from "./gate";
import { answerPreflight, delay, openAiError, readBody, sendJson } from "./http";
import { DEFAULT_MODELS, mergeOptions, type FaultKind, type MockOptions, type MockRequestRecord, type RequestKind, type ScriptedReply } from "./options";
import { tokens } from "./tokens";

export type { MockOptions, MockRequestRecord } from "./options";

export interface MockServer {
  /** Base URL ending in /v1, e.g. http://127.0.0.1:PORT/v1 */
  url: string;
  port: number;
  close(): Promise<void>;
  log: MockRequestRecord[];
  readonly peakInFlight: number;
  readonly inFlight: number;
  resetLog(): void;
  configure(partial: MockOptions): void;
  /** Appends one-shot replies for the next chat requests. */
  enqueue(...replies: ScriptedReply[]): void;
  /** Holds chat and embedding requests before they are answered (test/mock/gate.ts). */
  gate: Omit<Gate, "pass">;
}

type Json = Record<string, unknown>;

function kindOf(method: string, path: string): RequestKind {
  if (method === "POST" && path.endsWith("/chat/completions")) return "chat";
  if (method === "POST" && path.endsWith("/embeddings")) return "embedding";
  if (method === "GET" && path.endsWith("/models")) return "models";
  return "other";
}

/** Accepts a bearer token (OpenAI style), an api-key header (Azure style) or an api-key query parameter (gateways). */
function authorized(req: IncomingMessage, apiKey: string | undefined): { ok: boolean; presented: string } {
  const bearer = String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
  const inQuery = new URL(req.url ?? "/", "http://mock").searchParams.get("api-key") ?? "";
  const presented = bearer || String(req.headers["api-key"] ?? "") || inQuery;
  return { ok: !apiKey || presented === apiKey, presented };
}

export async function startMockServer(initial: MockOptions = {}): Promise<MockServer> {
  let options: MockOptions = { ...initial };
  let random = seededRandom(options.faults?.seed ?? 1);
  let script: ScriptedReply[] = [...(options.script ?? [])];
  const log: MockRequestRecord[] = [];
  let inFlight = 0;
  let peakInFlight = 0;
  const gate = createGate();

  function respond(res: ServerResponse, record: MockRequestRecord, status: number, body: unknown, headers: Record<string, string> = {}): void {
    record.status = status;
    if (res.destroyed || res.writableEnded) return;
    sendJson(res, status, body, options.cors ?? "open", headers);
  }

  function faultAnswer(fault: FaultKind, kind: RequestKind, info: ReturnType<typeof readChatRequest> | undefined): ChatAnswer | undefined {
    if (fault === "rate429") {
      const seconds = options.faults?.retryAfterSeconds ?? 1;
      return {
        status: 429,
        body: openAiError("Rate limit reached for requests. Please try again later.", "requests", "rate_limit_exceeded"),
        headers: { "retry-after": String(Math.ceil(seconds)), "retry-after-ms": String(Math.round(seconds * 1000)) },
        completionTokens: 0,
      };
    }
    if (fault === "rate500")
      return { status: 500, body: openAiError("The server had an error while processing your request.", "server_error", null), completionTokens: 0 };
    if (fault === "malformed")
      return kind === "chat" && info ? malformedAnswer(info, options) : { status: 200, body: '{"object":"list","data":[{"embedd', completionTokens: 0 };
    return undefined;
  }

  async function handleChat(body: Json, record: MockRequestRecord, res: ServerResponse): Promise<"hang" | undefined> {
    const info = readChatRequest(body);
    Object.assign(record, { model: info.model, responseFormat: info.responseFormat, schemaTokens: info.schemaTokens, promptTokens: info.promptTokens });
    if (info.schemaName) record.schemaName = info.schemaName;
    const item = script.shift();
    if (item) {
      record.scripted = true;
      if (item.hang) return "hang";
      const answer = scriptedAnswer(info, item, options);
      record.completionTokens = answer.completionTokens;
      respond(res, record, answer.status, answer.body, answer.headers);
      return undefined;
    }
    const fault = pickFault(options.faults, random);
    if (fault) record.fault = fault;
    if (fault === "hang") return "hang";
    const answer =
      (fault && faultAnswer(fault, "chat", info)) || unsupportedFormat(info, options) || refusedKeyword(info, options) || (await xgrammarAnswer(info, options));
    if (options.echoApiKey) withEchoedKey(answer, (record.headers.authorization ?? "").replace(/^Bearer\s+/i, ""));
    record.completionTokens = answer.completionTokens;
    respond(res, record, answer.status, answer.body, answer.headers);
    return undefined;
  }

  async function handleEmbeddings(body: Json, record: MockRequestRecord, res: ServerResponse): Promise<"hang" | undefined> {
    const input = body.input;
    const texts = (Array.isArray(input) ? input : [input]).map((x) => (typeof x === "string" ? x : JSON.stringify(x)));
    Object.assign(record, { model: typeof body.model === "string" ? body.model : "", inputCount: texts.length });
    record.promptTokens = texts.reduce((sum, text) => sum + tokens(text), 0);
    const fault = pickFault(options.faults, random);
    if (fault) record.fault = fault;
    if (fault === "hang") return "hang";
    const failure = fault && faultAnswer(fault, "embedding", undefined);
    if (failure) {
      respond(res, record, failure.status, failure.body, failure.headers);
      return undefined;
    }
    const base64 = body.encoding_format === "base64";
    const data = texts.map((text, index) => {
      const vector = embedText(text);
      return { object: "embedding", index, embedding: base64 ? toBase64(vector) : vector };
    });
    const usage = { prompt_tokens: record.promptTokens, total_tokens: record.promptTokens };
    respond(res, record, 200, { object: "list", data, model: record.model, ...(options.omitUsage ? {} : { usage }) });
    return undefined;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = performance.now();
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://mock");
    const path = url.pathname;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value ?? "");
    const kind: RequestKind = method === "OPTIONS" ? "other" : kindOf(method, path);
    const record: MockRequestRecord = {
      path,
      query: Object.fromEntries(url.searchParams),
      method,
      kind,
      model: "",
      promptTokens: 0,
      schemaTokens: 0,
      completionTokens: 0,
      inputCount: 0,
      status: 0,
      startedAt,
      endedAt: startedAt,
      headers,
    };
    log.push(record);

    const closed = new AbortController();
    const counted = kind === "chat" || kind === "embedding";
    if (counted) {
      inFlight += 1;
      peakInFlight = Math.max(peakInFlight, inFlight);
    }
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      record.endedAt = performance.now();
      if (counted) inFlight -= 1;
      closed.abort();
    };
    res.once("close", finish);
    res.once("finish", finish);

    if (method === "OPTIONS") {
      record.status = answerPreflight(req, res, options.cors ?? "open");
      return;
    }
    const text = method === "POST" ? await readBody(req) : "";
    await delay(options.latencyMs ?? 0, closed.signal);
    if (counted) await gate.pass(closed.signal);
    if (closed.signal.aborted) return;

    const auth = authorized(req, options.apiKey);
    if (!auth.ok) {
      // Like OpenAI, the message quotes the key that was sent: clients must not pass it on.
      const message = `Incorrect API key provided: ${auth.presented || "(none)"}. You can find your API key at https://platform.openai.com/account/api-keys.`;
      return respond(res, record, 401, openAiError(message, "invalid_request_error", "invalid_api_key"));
    }
    if (kind === "models") {
      const data = (options.models ?? DEFAULT_MODELS).map((id) => ({ id, object: "model", created: 0, owned_by: "mock" }));
      return respond(res, record, 200, { object: "list", data });
    }
    if (kind === "other") return respond(res, record, 404, openAiError(`Unknown request URL: ${method} ${path}`, "invalid_request_error", "unknown_url"));

    let body: Json;
    try {
      body = JSON.parse(text) as Json;
      record.body = body;
    } catch {
      return respond(res, record, 400, openAiError("We could not parse the JSON body of your request.", "invalid_request_error", null));
    }
    const model = typeof body.model === "string" ? body.model : "";
    record.model = model;
    if (options.models && !options.models.includes(model)) {
      const message = `The model \`${model}\` does not exist or you do not have access to it.`;
      return respond(res, record, 404, openAiError(message, "invalid_request_error", "model_not_found"));
    }
    // A hanging request stays open until the client gives up (res "close" settles the record).
    await (kind === "chat" ? handleChat(body, record, res) : handleEmbeddings(body, record, res));
  }

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, openAiError(`mock failure: ${String(error)}`, "server_error", null), options.cors ?? "open");
    });
  };
  // HTTP/2 over TLS (options.tls), as hosted providers speak it: a browser multiplexes every
  // request over one connection instead of at most 6 HTTP/1.1 connections per host.
  const sessions = new Set<Http2Session>();
  const server = options.tls
    ? createSecureServer({ ...options.tls, allowHTTP1: true }, onRequest as never).on("session", (session: Http2Session) => {
        sessions.add(session);
        session.once("close", () => sessions.delete(session));
      })
    : createServer(onRequest);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;

  return {
    url: `${options.tls ? "https" : "http"}://${host}:${address.port}/v1`,
    port: address.port,
    log,
    get inFlight() {
      return inFlight;
    },
    get peakInFlight() {
      return peakInFlight;
    },
    resetLog() {
      log.length = 0;
      peakInFlight = inFlight;
    },
    configure(partial: MockOptions) {
      options = mergeOptions(options, partial);
      if (partial.faults) random = seededRandom(partial.faults.seed ?? 1);
      if (partial.script) script = [...partial.script];
    },
    enqueue(...replies: ScriptedReply[]) {
      script.push(...replies);
    },
    gate,
    close() {
      // Hung requests would keep server.close() waiting forever.
      if ("closeAllConnections" in server) server.closeAllConnections();
      for (const session of sessions) session.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
