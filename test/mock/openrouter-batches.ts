import type { IncomingMessage, ServerResponse } from "node:http";
import { answerLine } from "./batch-answer";
import { type BatchRecord, type LifecycleTimes, phaseOf } from "./batch-lifecycle";
import { openAiError, readBody, sendJson } from "./http";
import type { CorsMode, MockOptions } from "./options";

/**
 * OpenRouter's batches on the batch mock's clock, under /api/v1/batches as at openrouter.ai:
 * POST with inline `{custom_id, body}` requests (endpoint and model must come before requests in
 * the JSON, as OpenRouter stream-parses it), 202 "validating"; GET one (results inline once
 * terminal) and the list (results null); GET /results a page at a time with next_cursor. No cancel
 * (none is documented). Lines are answered by the sync mock's brains.
 * Docs: https://openrouter.ai/docs/batch-quickstart, https://openrouter.ai/docs/api/api-reference/batch/
 */

type Json = Record<string, unknown>;

export interface OpenRouterMockContext {
  now(): number;
  times(): LifecycleTimes;
  apiKey(): string | undefined;
  cors(): CorsMode;
  brains(): MockOptions;
  lineFault(customId: string): { status: number; message: string } | undefined;
  expireAt(): number | undefined;
  nextId(prefix: string): string;
  onCreated(batch: { id: string; inputFileId: string; customIds: string[] }): void;
  /** Results per page (small in tests, so that paging is exercised). */
  pageSize(): number;
}

const ENDPOINTS = ["/v1/chat/completions", "/v1/responses", "/v1/messages", "/v1/embeddings"];

interface OpenRouterBatch {
  record: BatchRecord;
  model: string;
  results?: Json[];
}

export function openRouterBatches(ctx: OpenRouterMockContext) {
  const batches = new Map<string, OpenRouterBatch>();
  const seconds = (ms: number) => Math.floor(ms / 1000);

  function settle(batch: OpenRouterBatch): void {
    if (batch.results) return;
    const { status, done } = phaseOf(batch.record, ctx.now(), ctx.times());
    if (status !== "completed" && status !== "expired" && status !== "cancelled") return;
    batch.results = batch.record.lines.map((line, i) => {
      const id = `gen-batch-${batch.record.id}-${i}`;
      if (i >= done)
        return { id, custom_id: line.custom_id, response: null, error: { message: "The batch expired before this request ran.", type: "batch_expired" } };
      const fault = ctx.lineFault(line.custom_id);
      const answer = fault
        ? { status: fault.status, body: openAiError(fault.message, fault.status >= 500 ? "server_error" : "invalid_request_error", null) }
        : answerLine(line.url, { ...line.body, model: batch.model }, ctx.brains());
      const response = { status_code: answer.status, request_id: `req-${id}`, body: answer.body };
      if (answer.status === 200) return { id, custom_id: line.custom_id, response, error: null };
      const message = (answer.body as { error?: { message?: string } }).error?.message ?? `HTTP ${answer.status}`;
      return { id, custom_id: line.custom_id, response, error: { message, type: fault && fault.status >= 500 ? "server_error" : "invalid_request_error" } };
    });
    batch.record.failedLines = batch.results.filter((r) => r.error !== null).length;
    batch.record.ended = true;
  }

  function object(batch: OpenRouterBatch, withResults: boolean) {
    settle(batch);
    const r = batch.record;
    const { status, done } = phaseOf(r, ctx.now(), ctx.times());
    // OpenRouter's statuses are OpenAI's; "cancelling"/"cancelled" never happen without a cancel.
    const failed = batch.results ? r.failedLines : 0;
    return {
      id: r.id,
      object: "batch",
      endpoint: r.endpoint,
      model: batch.model,
      status,
      completion_window: "24h",
      created_at: seconds(r.createdAt),
      finalized_at: batch.results ? seconds(ctx.now()) : null,
      request_counts: { total: r.lines.length, completed: Math.max(0, done - failed), failed },
      results: withResults && batch.results ? batch.results : null,
      error: null,
      usage: null,
    };
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    sendJson(res, status, body, ctx.cors());
    return status;
  };

  async function handle(req: IncomingMessage, res: ServerResponse, method: string, path: string): Promise<number> {
    const key = ctx.apiKey();
    const presented = String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
    if (key && presented !== key) return send(res, 401, { error: { code: 401, message: "No auth credentials found" } });
    if (method === "POST" && path === "/api/v1/batches") {
      const text = await readBody(req);
      let body: Json;
      try {
        body = JSON.parse(text) as Json;
      } catch {
        return send(res, 400, { error: { code: 400, message: "Invalid JSON body" } });
      }
      const at = (k: string) => text.indexOf(`"${k}"`);
      if (at("requests") < 0 || at("requests") < at("endpoint") || at("requests") < at("model")) {
        return send(res, 400, { error: { code: 400, message: "endpoint and model must appear before requests in the request body" } });
      }
      const endpoint = String(body.endpoint ?? "");
      const model = typeof body.model === "string" ? body.model : "";
      const requests = body.requests as { custom_id?: unknown; body?: Json }[] | undefined;
      const problem = !ENDPOINTS.includes(endpoint)
        ? `endpoint must be one of ${ENDPOINTS.join(", ")}`
        : !model
          ? "model is required"
          : body.completion_window !== undefined && body.completion_window !== "24h"
            ? "completion_window must be 24h"
            : !Array.isArray(requests) || requests.length === 0
              ? "requests must be a non-empty array"
              : new Set(requests.map((r) => r.custom_id)).size !== requests.length || requests.some((r) => typeof r.custom_id !== "string")
                ? "every request needs a unique custom_id"
                : requests.some((r) => r.body?.model !== undefined && r.body.model !== model)
                  ? "a request's model must match the batch's model"
                  : undefined;
      if (problem) return send(res, 400, { error: { code: 400, message: problem } });
      const expireAt = ctx.expireAt();
      const record: BatchRecord = {
        id: ctx.nextId("batch_or"),
        endpoint,
        inputFileId: "",
        createdAt: ctx.now(),
        lines: requests!.map((r) => ({ custom_id: r.custom_id as string, method: "POST", url: endpoint, body: r.body ?? {} })),
        errors: [],
        ...(expireAt !== undefined ? { expireAt } : {}),
        metadata: null,
        outputFileId: null,
        errorFileId: null,
        ended: false,
        answered: 0,
        failedLines: 0,
      };
      const batch: OpenRouterBatch = { record, model };
      batches.set(record.id, batch);
      ctx.onCreated({ id: record.id, inputFileId: "", customIds: record.lines.map((l) => l.custom_id) });
      return send(res, 202, object(batch, true));
    }
    if (method === "GET" && path === "/api/v1/batches") {
      return send(res, 200, { object: "list", data: [...batches.values()].reverse().map((b) => object(b, false)), has_more: false });
    }
    const match = /^\/api\/v1\/batches\/([^/]+)(\/results)?$/.exec(path);
    const batch = match ? batches.get(match[1]!) : undefined;
    if (!match || !batch || method !== "GET") return send(res, 404, { error: { code: 404, message: `Not found: ${method} ${path}` } });
    if (!match[2]) return send(res, 200, object(batch, true));
    settle(batch);
    if (!batch.results) return send(res, 409, { error: { code: 409, message: "The batch has not finished yet" } });
    const url = new URL(req.url ?? "/", "http://mock");
    const from = Number(url.searchParams.get("cursor") ?? 0) || 0;
    const data = batch.results.slice(from, from + ctx.pageSize());
    const next = from + data.length < batch.results.length ? String(from + data.length) : null;
    return send(res, 200, { object: "list", data, has_more: next !== null, next_cursor: next });
  }

  return {
    handle,
    settleAll() {
      for (const batch of batches.values()) settle(batch);
    },
  };
}
