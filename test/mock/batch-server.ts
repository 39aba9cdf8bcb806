import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { anthropicBatches } from "./anthropic-batches";
import { answerLine } from "./batch-answer";
import { batchObject, type BatchRecord, DEFAULT_TIMES, fileTooLarge, type LifecycleTimes, phaseOf, validateLines } from "./batch-lifecycle";
import { answerPreflight, openAiError, sendJson } from "./http";
import { openRouterBatches } from "./openrouter-batches";
import type { CorsMode, MockOptions } from "./options";

/**
 * A mock of OpenAI's (and Azure's) Files + Batches API over real HTTP: multipart upload, the batch
 * life cycle on a clock the test advances, output and error files, expiry, cancel, the limits
 * (50,000 requests / 200 MB per file) and OpenAI's error bodies. Each line is answered by the sync
 * mock's brains, so a batch run and a sync run give the same replies. The same server speaks
 * Anthropic's Message Batches under /v1/messages/batches (anthropic-batches.ts) and OpenRouter's
 * inline batches under /api/v1/batches (openrouter-batches.ts, `openRouterUrl`), on the same clock.
 */

export interface BatchMockOptions {
  apiKey?: string;
  cors?: CorsMode;
  times?: Partial<LifecycleTimes>;
  maxRequests?: number;
  maxBytes?: number;
  /** Options for the brains that answer the lines (schemaRandom, responders...). */
  brains?: MockOptions;
  /** Every GET of a batch moves the clock this far (for a client in another process). */
  autoAdvanceMs?: number;
  /** A line-level failure for some lines: the provider's status and words. */
  lineFault?: (customId: string) => { status: number; message: string } | undefined;
  /** New batches expire at this fraction of their in_progress phase. */
  expireAt?: number;
  /** OpenRouter's results per page (default 100). */
  resultsPageSize?: number;
}

interface BatchMockRecord {
  method: string;
  path: string;
  status: number;
}

export interface BatchMock {
  url: string;
  /** The same server as OpenRouter's base URL (its batches live under /api/v1). */
  openRouterUrl: string;
  log: BatchMockRecord[];
  /** Every batch created: id, input file and the custom_ids it held (to prove nothing is sent twice). */
  created: { id: string; inputFileId: string; customIds: string[] }[];
  advance(ms: number): void;
  configure(partial: Partial<BatchMockOptions>): void;
  /** The next n connections to GET /batches/{id} are cut before any answer. */
  dropPolls(n: number): void;
  /** The next n connections to GET /batches (the list) or GET /files/{id}/content are cut before any answer. */
  dropReads(n: number): void;
  /** The provider loses a batch (past its retention, another project): retrieve answers 404, the list leaves it out. */
  forget(batchId: string): void;
  close(): Promise<void>;
}

interface StoredFile {
  id: string;
  filename: string;
  purpose: string;
  bytes: Buffer;
  createdAt: number;
}

const readRaw = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

export async function startBatchMock(initial: BatchMockOptions = {}): Promise<BatchMock> {
  let options = { ...initial };
  let now = Date.UTC(2026, 0, 1);
  let counter = 0;
  let drops = 0;
  let readDrops = 0;
  /** Cuts the connection (logged with status -1) when a drop of this kind is pending. */
  const cutRead = (req: IncomingMessage, record: BatchMockRecord): boolean => {
    if (readDrops === 0) return false;
    readDrops--;
    record.status = -1;
    req.socket.destroy();
    return true;
  };
  const files = new Map<string, StoredFile>();
  const batches = new Map<string, BatchRecord>();
  const log: BatchMockRecord[] = [];
  const created: BatchMock["created"] = [];
  const times = () => ({ ...DEFAULT_TIMES, ...options.times });
  const nextId = (prefix: string) => `${prefix}-mock${String(++counter).padStart(6, "0")}`;
  let url = "";
  const anthropic = anthropicBatches({
    now: () => now,
    times,
    apiKey: () => options.apiKey,
    cors: () => options.cors ?? "open",
    brains: () => options.brains ?? {},
    lineFault: (id) => options.lineFault?.(id),
    expireAt: () => options.expireAt,
    nextId,
    url: () => url,
    onCreated: (batch) => created.push(batch),
    maxRequests: () => options.maxRequests ?? 100_000,
  });
  const openRouter = openRouterBatches({
    now: () => now,
    times,
    apiKey: () => options.apiKey,
    cors: () => options.cors ?? "open",
    brains: () => options.brains ?? {},
    lineFault: (id) => options.lineFault?.(id),
    expireAt: () => options.expireAt,
    nextId,
    onCreated: (batch) => created.push(batch),
    pageSize: () => options.resultsPageSize ?? 100,
  });

  function storeFile(filename: string, purpose: string, text: string): string {
    const id = nextId("file");
    files.set(id, { id, filename, purpose, bytes: Buffer.from(text, "utf8"), createdAt: now });
    return id;
  }

  /** Once a batch ended, answers its lines and writes its output and error files (once). */
  function settle(batch: BatchRecord): void {
    if (batch.ended) return;
    const { status, done } = phaseOf(batch, now, times());
    if (status !== "completed" && status !== "expired" && status !== "cancelled") return;
    const out: string[] = [];
    const errors: string[] = [];
    batch.lines.forEach((line, i) => {
      const id = `batch_req_${batch.id}_${i}`;
      if (i >= done) {
        const code = status === "expired" ? "batch_expired" : "batch_cancelled";
        const message =
          status === "expired"
            ? "This request could not be executed before the completion window expired."
            : "This request was not executed because the batch was cancelled.";
        errors.push(JSON.stringify({ id, custom_id: line.custom_id, response: null, error: { code, message } }));
        return;
      }
      const fault = options.lineFault?.(line.custom_id);
      const answer = fault
        ? { status: fault.status, body: openAiError(fault.message, fault.status >= 500 ? "server_error" : "invalid_request_error", null) }
        : answerLine(line.url, line.body, options.brains ?? {});
      const text = JSON.stringify({
        id,
        custom_id: line.custom_id,
        response: { status_code: answer.status, request_id: `req_${id}`, body: answer.body },
        error: null,
      });
      (answer.status === 200 ? out : errors).push(text);
    });
    batch.failedLines = errors.length;
    batch.answered = done;
    batch.outputFileId = out.length > 0 ? storeFile(`${batch.id}_output.jsonl`, "batch_output", `${out.join("\n")}\n`) : null;
    batch.errorFileId = errors.length > 0 ? storeFile(`${batch.id}_error.jsonl`, "batch_output", `${errors.join("\n")}\n`) : null;
    batch.ended = true;
  }

  async function uploadFile(req: IncomingMessage, res: ServerResponse, record: BatchMockRecord) {
    const raw = await readRaw(req);
    const maxBytes = options.maxBytes ?? 200_000_000;
    const form = await new Request("http://mock/upload", {
      method: "POST",
      headers: { "content-type": String(req.headers["content-type"] ?? "") },
      body: new Uint8Array(raw),
    })
      .formData()
      .catch(() => undefined);
    const file = form?.get("file");
    const purpose = form?.get("purpose");
    if (!form || !(file instanceof Blob) || typeof purpose !== "string") {
      return send(res, record, 400, openAiError("Expected a multipart form with 'file' and 'purpose'.", "invalid_request_error", null, "file"));
    }
    if (purpose !== "batch")
      return send(res, record, 400, openAiError(`'${purpose}' is not a supported purpose here.`, "invalid_request_error", null, "purpose"));
    const bytes = Buffer.from(await file.arrayBuffer());
    if (bytes.length > maxBytes) return send(res, record, 400, fileTooLarge(bytes.length, maxBytes));
    const name = file instanceof File ? file.name : "upload.jsonl";
    const id = storeFile(name, purpose, bytes.toString("utf8"));
    send(res, record, 200, fileObject(files.get(id)!));
  }

  function createBatch(body: Record<string, unknown>, res: ServerResponse, record: BatchMockRecord) {
    const input = files.get(String(body.input_file_id ?? ""));
    if (!input)
      return send(res, record, 404, openAiError(`No such File object: ${String(body.input_file_id)}`, "invalid_request_error", null, "input_file_id"));
    const endpoint = String(body.endpoint ?? "");
    if (!["/v1/chat/completions", "/v1/embeddings", "/v1/responses", "/v1/completions"].includes(endpoint)) {
      return send(res, record, 400, openAiError(`Invalid endpoint: '${endpoint}'.`, "invalid_request_error", null, "endpoint"));
    }
    if (body.completion_window !== "24h") {
      return send(res, record, 400, openAiError("completion_window must be '24h'.", "invalid_request_error", null, "completion_window"));
    }
    const { lines, errors } = validateLines(input.bytes.toString("utf8"), endpoint, options.maxRequests ?? 50_000);
    const batch: BatchRecord = {
      id: nextId("batch"),
      endpoint,
      inputFileId: input.id,
      createdAt: now,
      lines,
      errors,
      ...(options.expireAt !== undefined ? { expireAt: options.expireAt } : {}),
      metadata: (body.metadata as Record<string, string> | undefined) ?? null,
      outputFileId: null,
      errorFileId: null,
      ended: false,
      answered: 0,
      failedLines: 0,
    };
    batches.set(batch.id, batch);
    created.push({ id: batch.id, inputFileId: input.id, customIds: lines.map((l) => l.custom_id) });
    send(res, record, 200, batchObject(batch, now, times()));
  }

  function send(res: ServerResponse, record: BatchMockRecord, status: number, body: unknown) {
    record.status = status;
    sendJson(res, status, body, options.cors ?? "open");
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? "GET";
    const path = new URL(req.url ?? "/", "http://mock").pathname.replace(/^\/v1/, "");
    const record: BatchMockRecord = { method, path, status: 0 };
    log.push(record);
    if (method === "OPTIONS") {
      record.status = answerPreflight(req, res, options.cors ?? "open");
      return;
    }
    if (path.startsWith("/api/v1/batches")) {
      if (method === "GET") now += options.autoAdvanceMs ?? 0;
      record.status = await openRouter.handle(req, res, method, path);
      return;
    }
    if (path.startsWith("/messages/batches")) {
      if (method === "GET") now += options.autoAdvanceMs ?? 0;
      record.status = await anthropic.handle(req, res, method, path);
      return;
    }
    const presented = String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, "") || String(req.headers["api-key"] ?? "");
    if (options.apiKey && presented !== options.apiKey) {
      return send(res, record, 401, openAiError("Incorrect API key provided.", "invalid_request_error", "invalid_api_key"));
    }
    if (method === "POST" && path === "/files") return uploadFile(req, res, record);
    if (method === "GET" && path === "/files") {
      const purpose = new URL(req.url ?? "/", "http://mock").searchParams.get("purpose");
      const data = [...files.values()].filter((f) => !purpose || f.purpose === purpose).map(fileObject);
      return send(res, record, 200, { object: "list", data, has_more: false });
    }
    const fileMatch = /^\/files\/([^/]+)(\/content)?$/.exec(path);
    if (method === "GET" && fileMatch) {
      if (fileMatch[2] && cutRead(req, record)) return;
      const file = files.get(fileMatch[1]!);
      if (!file) return send(res, record, 404, openAiError(`No such File object: ${fileMatch[1]}`, "invalid_request_error", null, "id"));
      if (!fileMatch[2]) return send(res, record, 200, fileObject(file));
      record.status = 200;
      res.writeHead(200, { "content-type": "application/octet-stream", "access-control-allow-origin": "*" }).end(file.bytes);
      return;
    }
    if (method === "POST" && path === "/batches") {
      const text = (await readRaw(req)).toString("utf8");
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return send(res, record, 400, openAiError("We could not parse the JSON body of your request.", "invalid_request_error", null));
      }
      return createBatch(body, res, record);
    }
    if (method === "GET" && path === "/batches") {
      if (cutRead(req, record)) return;
      const data = [...batches.values()].reverse().map((b) => batchObject(b, now, times()));
      return send(res, record, 200, { object: "list", data: data.slice(0, 20), has_more: data.length > 20 });
    }
    const batchMatch = /^\/batches\/([^/]+)(\/cancel)?$/.exec(path);
    const batch = batchMatch ? batches.get(batchMatch[1]!) : undefined;
    if (batchMatch && !batch)
      return send(res, record, 404, openAiError(`No batch found with id '${batchMatch[1]}'.`, "invalid_request_error", null, "batch_id"));
    if (batch && method === "GET" && !batchMatch![2]) {
      if (drops > 0) {
        drops--;
        record.status = -1;
        req.socket.destroy();
        return;
      }
      now += options.autoAdvanceMs ?? 0;
      settle(batch);
      return send(res, record, 200, batchObject(batch, now, times()));
    }
    if (batch && method === "POST" && batchMatch![2]) {
      const { status } = phaseOf(batch, now, times());
      if (!["validating", "in_progress", "finalizing"].includes(status)) {
        return send(res, record, 400, openAiError(`Cannot cancel a batch with status '${status}'.`, "invalid_request_error", null));
      }
      batch.cancelledAt = now;
      return send(res, record, 200, batchObject(batch, now, times()));
    }
    send(res, record, 404, openAiError(`Unknown request URL: ${method} ${path}`, "invalid_request_error", "unknown_url"));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, openAiError(`mock failure: ${String(error)}`, "server_error", null), options.cors ?? "open");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}/v1`;
  return {
    url,
    openRouterUrl: `http://127.0.0.1:${port}/api/v1`,
    log,
    created,
    advance(ms) {
      now += ms;
      for (const batch of batches.values()) settle(batch);
      anthropic.settleAll();
      openRouter.settleAll();
    },
    configure(partial) {
      options = { ...options, ...partial };
    },
    dropPolls(n) {
      drops += n;
    },
    dropReads(n) {
      readDrops += n;
    },
    forget(batchId) {
      batches.delete(batchId);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function fileObject(file: StoredFile) {
  return {
    id: file.id,
    object: "file",
    bytes: file.bytes.length,
    created_at: Math.floor(file.createdAt / 1000),
    filename: file.filename,
    purpose: file.purpose,
    status: "processed",
    expires_at: null,
    status_details: null,
  };
}
