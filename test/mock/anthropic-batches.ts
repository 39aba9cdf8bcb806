import type { IncomingMessage, ServerResponse } from "node:http";
import { answerLine } from "./batch-answer";
import { type BatchRecord, type LifecycleTimes, phaseOf } from "./batch-lifecycle";
import { readBody, sendJson } from "./http";
import type { CorsMode, MockOptions } from "./options";

/**
 * Anthropic's Message Batches on the batch mock's clock: POST /v1/messages/batches (inline
 * requests, validated at once as Anthropic does), GET one / the list, cancel, and the results
 * JSONL at results_url. Each request is turned back into the chat body the sync mock reads and
 * answered by the same brains, so a run through Anthropic's batches gives the sync run's replies.
 * The headers Anthropic insists on are checked: anthropic-version (400 without it) and, for a
 * request with an Origin, anthropic-dangerous-direct-browser-access (401 without, and no CORS
 * headers, as api.anthropic.com answers: github.com/open-pencil/open-pencil/issues/436).
 */

type Json = Record<string, unknown>;

export interface AnthropicMockContext {
  now(): number;
  times(): LifecycleTimes;
  apiKey(): string | undefined;
  cors(): CorsMode;
  brains(): MockOptions;
  lineFault(customId: string): { status: number; message: string } | undefined;
  expireAt(): number | undefined;
  nextId(prefix: string): string;
  /** The mock's base URL (for results_url). */
  url(): string;
  onCreated(batch: { id: string; inputFileId: string; customIds: string[] }): void;
  maxRequests(): number;
}

interface AnthropicBatch {
  record: BatchRecord;
  /** Whether each request asked for a forced tool (the reply then comes as tool input). */
  tools: (string | undefined)[];
  results?: string[];
  tally?: { succeeded: number; errored: number; canceled: number; expired: number };
}

const CUSTOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

const anthropicError = (type: string, message: string) => ({ type: "error", error: { type, message }, request_id: "req_mock_anthropic" });

const ERROR_TYPE: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  429: "rate_limit_error",
  529: "overloaded_error",
};

/** The Chat Completions body the sync mock would have received for these Messages params. */
function chatBodyOf(params: Json): Json {
  const messages: Json[] = [];
  if (typeof params.system === "string" && params.system) messages.push({ role: "system", content: params.system });
  for (const m of (params.messages as Json[] | undefined) ?? []) messages.push({ role: m.role, content: m.content });
  const format = (params.output_config as { format?: { schema?: Json } } | undefined)?.format;
  const tool = ((params.tools as Json[] | undefined) ?? [])[0] as { name?: string; input_schema?: Json } | undefined;
  const schema = format?.schema ?? tool?.input_schema;
  const body: Json = { model: params.model, messages, max_tokens: params.max_tokens };
  if (params.temperature !== undefined) body.temperature = params.temperature;
  if (schema) body.response_format = { type: "json_schema", json_schema: { name: tool?.name ?? schema.title, schema, strict: true } };
  return body;
}

/** A Chat Completions answer as Anthropic's Message (text, or the forced tool's input). */
function messageOf(id: string, body: Json, tool: string | undefined): Json {
  const choice = ((body.choices as Json[] | undefined) ?? [])[0] as { message?: { content?: string }; finish_reason?: string } | undefined;
  const text = choice?.message?.content ?? "";
  const usage = body.usage as { prompt_tokens?: number; completion_tokens?: number } | undefined;
  const stop = choice?.finish_reason === "length" ? "max_tokens" : tool ? "tool_use" : "end_turn";
  let content: Json[] = [{ type: "text", text }];
  if (tool) {
    try {
      content = [{ type: "tool_use", id: `toolu_${id}`, name: tool, input: JSON.parse(text) }];
    } catch {
      // a cut-off reply stays text
    }
  }
  return {
    id: `msg_${id}`,
    type: "message",
    role: "assistant",
    model: body.model,
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: { input_tokens: usage?.prompt_tokens ?? 0, output_tokens: usage?.completion_tokens ?? 0 },
  };
}

/** Checks one create request the way Anthropic does before accepting the batch; the first problem. */
function problemOf(requests: unknown, maxRequests: number): string | undefined {
  if (!Array.isArray(requests) || requests.length === 0) return "requests: must be a non-empty list";
  if (requests.length > maxRequests) return `requests: at most ${maxRequests} requests per batch (got ${requests.length})`;
  const seen = new Set<string>();
  for (const [i, r] of (requests as Json[]).entries()) {
    const id = r.custom_id;
    if (typeof id !== "string" || !CUSTOM_ID.test(id)) return `requests.${i}.custom_id: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`;
    if (seen.has(id)) return `requests.${i}.custom_id: duplicate custom_id '${id}'`;
    seen.add(id);
    const p = (r.params ?? {}) as Json;
    if (typeof p.model !== "string") return `requests.${i}.params.model: Field required`;
    if (typeof p.max_tokens !== "number" || !Number.isInteger(p.max_tokens) || p.max_tokens < 1)
      return `requests.${i}.params.max_tokens: Input should be greater than or equal to 1`;
    if (!Array.isArray(p.messages) || p.messages.length === 0) return `requests.${i}.params.messages: Field required`;
    if (p.messages.some((m: Json) => m.role !== "user" && m.role !== "assistant"))
      return `requests.${i}.params.messages: Unexpected role "system". The Messages API accepts a top-level \`system\` parameter, not "system" as an input message role.`;
    if (p.response_format !== undefined) return `requests.${i}.params.response_format: Extra inputs are not permitted`;
  }
  return undefined;
}

export function anthropicBatches(ctx: AnthropicMockContext) {
  const batches = new Map<string, AnthropicBatch>();

  const iso = (ms: number) => new Date(ms).toISOString();

  /** Once ended, answers every request once (results and tally are fixed from then on). */
  function settle(batch: AnthropicBatch): void {
    if (batch.results) return;
    const { status, done } = phaseOf(batch.record, ctx.now(), ctx.times());
    if (status !== "completed" && status !== "expired" && status !== "cancelled") return;
    const tally = { succeeded: 0, errored: 0, canceled: 0, expired: 0 };
    batch.results = batch.record.lines.map((line, i) => {
      let result: Json;
      if (i >= done) {
        const type = status === "expired" ? "expired" : "canceled";
        tally[type]++;
        result = { type };
      } else {
        const fault = ctx.lineFault(line.custom_id);
        const answer = fault
          ? { status: fault.status, body: anthropicError(ERROR_TYPE[fault.status] ?? "api_error", fault.message) }
          : answerLine(line.url, line.body, ctx.brains());
        if (answer.status === 200) {
          tally.succeeded++;
          result = { type: "succeeded", message: messageOf(`${batch.record.id}_${i}`, answer.body as Json, batch.tools[i]) };
        } else {
          tally.errored++;
          const words = (answer.body as { error?: { message?: string } }).error?.message ?? `HTTP ${answer.status}`;
          result = { type: "errored", error: fault ? answer.body : anthropicError(ERROR_TYPE[answer.status] ?? "api_error", words) };
        }
      }
      return JSON.stringify({ custom_id: line.custom_id, result });
    });
    // Results are not in request order at Anthropic: join by custom_id.
    batch.results.reverse();
    batch.tally = tally;
    batch.record.ended = true;
  }

  function object(batch: AnthropicBatch) {
    settle(batch);
    const r = batch.record;
    const { status } = phaseOf(r, ctx.now(), ctx.times());
    const ended = batch.results !== undefined;
    const processing = ended ? 0 : r.lines.length;
    return {
      id: r.id,
      type: "message_batch",
      processing_status: ended ? "ended" : status === "cancelling" ? "canceling" : "in_progress",
      request_counts: { processing, succeeded: 0, errored: 0, canceled: 0, expired: 0, ...batch.tally },
      ended_at: ended ? iso(ctx.now()) : null,
      created_at: iso(r.createdAt),
      expires_at: iso(r.createdAt + 24 * 3600_000),
      archived_at: null,
      cancel_initiated_at: r.cancelledAt !== undefined ? iso(r.cancelledAt) : null,
      results_url: ended ? `${ctx.url()}/messages/batches/${r.id}/results` : null,
    };
  }

  const send = (res: ServerResponse, status: number, body: unknown, cors = ctx.cors()) => {
    sendJson(res, status, body, cors);
    return status;
  };

  /** Answers a /messages/batches request; the HTTP status sent. */
  async function handle(req: IncomingMessage, res: ServerResponse, method: string, path: string): Promise<number> {
    if (req.headers.origin && req.headers["anthropic-dangerous-direct-browser-access"] !== "true") {
      return send(res, 401, anthropicError("authentication_error", "CORS requests must set 'anthropic-dangerous-direct-browser-access' header"), "none");
    }
    if (!req.headers["anthropic-version"]) return send(res, 400, anthropicError("invalid_request_error", "anthropic-version: header is required"));
    const key = ctx.apiKey();
    if (key && req.headers["x-api-key"] !== key) return send(res, 401, anthropicError("authentication_error", "invalid x-api-key"));

    if (method === "POST" && path === "/messages/batches") {
      let body: Json;
      try {
        body = JSON.parse(await readBody(req)) as Json;
      } catch {
        return send(res, 400, anthropicError("invalid_request_error", "The request body is not valid JSON."));
      }
      const problem = problemOf(body.requests, ctx.maxRequests());
      if (problem) return send(res, 400, anthropicError("invalid_request_error", problem));
      const requests = body.requests as { custom_id: string; params: Json }[];
      const expireAt = ctx.expireAt();
      const record: BatchRecord = {
        id: ctx.nextId("msgbatch"),
        endpoint: "/v1/chat/completions",
        inputFileId: "",
        createdAt: ctx.now(),
        lines: requests.map((r) => ({ custom_id: r.custom_id, method: "POST", url: "/v1/chat/completions", body: chatBodyOf(r.params) })),
        errors: [],
        ...(expireAt !== undefined ? { expireAt } : {}),
        metadata: null,
        outputFileId: null,
        errorFileId: null,
        ended: false,
        answered: 0,
        failedLines: 0,
      };
      const batch: AnthropicBatch = { record, tools: requests.map((r) => ((r.params.tools as { name?: string }[] | undefined) ?? [])[0]?.name) };
      batches.set(record.id, batch);
      ctx.onCreated({ id: record.id, inputFileId: "", customIds: requests.map((r) => r.custom_id) });
      return send(res, 200, object(batch));
    }
    if (method === "GET" && path === "/messages/batches") {
      const url = new URL(req.url ?? "/", "http://mock");
      const limit = Math.min(1000, Math.max(1, Number(url.searchParams.get("limit") ?? 20) || 20));
      const data = [...batches.values()].reverse().map(object);
      const page = data.slice(0, limit);
      return send(res, 200, { data: page, has_more: data.length > limit, first_id: page[0]?.id ?? null, last_id: page.at(-1)?.id ?? null });
    }
    const match = /^\/messages\/batches\/([^/]+)(\/cancel|\/results)?$/.exec(path);
    const batch = match ? batches.get(match[1]!) : undefined;
    if (!match || !batch) return send(res, 404, anthropicError("not_found_error", `No message batch found with id '${match?.[1] ?? ""}'.`));
    if (method === "GET" && !match[2]) return send(res, 200, object(batch));
    if (method === "POST" && match[2] === "/cancel") {
      settle(batch);
      if (batch.results) return send(res, 400, anthropicError("invalid_request_error", `Batch ${batch.record.id} has already ended and cannot be canceled.`));
      batch.record.cancelledAt = ctx.now();
      return send(res, 200, object(batch));
    }
    if (method === "GET" && match[2] === "/results") {
      settle(batch);
      if (!batch.results)
        return send(
          res,
          400,
          anthropicError("invalid_request_error", `Batch ${batch.record.id} is still processing: results are available once it has ended.`),
        );
      res.writeHead(200, { "content-type": "application/binary", "access-control-allow-origin": "*" }).end(`${batch.results.join("\n")}\n`);
      return 200;
    }
    return send(res, 405, anthropicError("invalid_request_error", `Method ${method} is not allowed here.`));
  }

  return {
    handle,
    settleAll() {
      for (const batch of batches.values()) settle(batch);
    },
  };
}
