import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "../mock/http";

/**
 * A stand-in RAG system over real HTTP, for the target tests (CLI end to end and the app's browser
 * test). What it answers is a pure function of the question, so a test knows every expected answer;
 * faults are asked for by markers in the question, so each sample's fate is fixed whatever order
 * the requests arrive in:
 *   [429xN]    the first N requests for this question get 429 with Retry-After: 0, then an answer
 *   [500xN]    the same with 500; [500] always 500 (Retry-After: 0, so the retries cost no wait)
 *   [slow]     answers after `slowMs`, past the target's timeout
 *   [nopath]   a JSON reply without the answer field; [html] a reply that is not JSON
 *   [echo]     400 with the request's Authorization header echoed in the body (a leak to scrub)
 *   [tool]     the /rag reply also holds OpenAI-style `tool_calls` (expectedToolCalls says which)
 * Routes: POST /rag  { question, messages? } -> { data: { answer }, sources: [{ id, text }] };
 *         POST /stream (SSE): the answer in word events { delta }, then one { sources } event;
 *         POST /invoke (LangServe serving LangChain's create_retrieval_chain) { input: { input } } ->
 *           { output: { input, context: [{ page_content, metadata: { id } }], answer }, metadata }.
 * With `token`, a request without `Authorization: Bearer <token>` gets 401. `cors` answers
 * preflights and adds Access-Control-Allow-Origin; off, the browser refuses to read any reply.
 */

export interface RagServerOptions {
  latencyMs?: number;
  slowMs?: number;
  token?: string;
  cors?: boolean;
}

interface RagRequest {
  path: string;
  question: string;
  status: number;
  /** The request's headers as received (a test checks what the CLI sent). */
  headers: IncomingMessage["headers"];
  body: string;
}

export interface RagServer {
  url: string;
  /** Every request answered (or refused), in the order the replies were sent. */
  log: RagRequest[];
  configure(options: Partial<RagServerOptions>): void;
  close(): Promise<void>;
}

/** What the stand-in answers to a question (the tests compare against these). */
export function expectedAnswer(question: string): { answer: string; contexts: string[]; contextIds: string[] } {
  const topic = question.replace(/\[[^\]]*\]/g, "").trim();
  const key = Array.from(topic).reduce((h, c) => (h * 31 + c.codePointAt(0)!) % 100_000, 7);
  return {
    answer: `About "${topic}": the archive says ${key}.`,
    contexts: [`Archive entry ${key}: ${topic}`, `Index card ${key % 97}: see the archive.`],
    contextIds: [`doc-${key}`, `card-${key % 97}`],
  };
}

/** The tool calls a /rag reply makes for a question with [tool] (none without): one lookup of its topic. */
export function expectedToolCalls(question: string): { name: string; args: Record<string, unknown> }[] {
  return question.includes("[tool]") ? [{ name: "lookup", args: { topic: question.replace(/\[[^\]]*\]/g, "").trim(), top_k: 2 } }] : [];
}

export async function startRagServer(initial: RagServerOptions = {}): Promise<RagServer> {
  let options: RagServerOptions = { latencyMs: 0, slowMs: 5_000, cors: true, ...initial };
  const log: RagRequest[] = [];
  const seen = new Map<string, number>();
  const open = new Set<ServerResponse>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    res.on("close", () => open.delete(res));
    const cors: Record<string, string> = options.cors ? { "access-control-allow-origin": "*", "access-control-expose-headers": "retry-after" } : {};
    if (req.method === "OPTIONS") {
      if (!options.cors) return void res.writeHead(405).end();
      return void res
        .writeHead(204, {
          ...cors,
          "access-control-allow-methods": "POST, GET, OPTIONS",
          "access-control-allow-headers": String(req.headers["access-control-request-headers"] ?? "*"),
          "access-control-max-age": "600",
        })
        .end();
    }
    const body = await readBody(req);
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const question = questionOf(path, body);
    const send = (status: number, text: string, headers: Record<string, string> = {}) => {
      log.push({ path, question: question ?? "", status, headers: req.headers, body });
      res.writeHead(status, { "content-type": "application/json", ...cors, ...headers }).end(text);
    };
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`) return send(401, JSON.stringify({ detail: "bad token" }));
    if (question === undefined) return send(400, JSON.stringify({ detail: "no question in the body" }));
    const n = (seen.get(question) ?? 0) + 1;
    seen.set(question, n);
    await wait(question.includes("[slow]") ? options.slowMs! : options.latencyMs!);
    if (res.destroyed) return;
    const fault = /\[(429|500)(?:x(\d+))?\]/.exec(question);
    if (fault && (fault[2] === undefined || n <= Number(fault[2]))) {
      return send(Number(fault[1]), JSON.stringify({ detail: fault[1] === "429" ? "slow down" : "internal error" }), { "retry-after": "0" });
    }
    const { answer, contexts, contextIds } = expectedAnswer(question);
    if (question.includes("[echo]")) return send(400, JSON.stringify({ detail: "rejected", authorization: req.headers.authorization ?? null }));
    if (question.includes("[html]")) return send(200, "<html><body>Bad gateway page</body></html>", { "content-type": "text/html" });
    if (question.includes("[nopath]")) return send(200, JSON.stringify({ result: { text: answer } }));
    const sources = contexts.map((text, i) => ({ id: contextIds[i], text }));
    if (path === "/invoke")
      return send(
        200,
        JSON.stringify({
          output: { input: question, context: sources.map((s) => ({ page_content: s.text, metadata: { id: s.id }, type: "Document" })), answer },
          metadata: { run_id: "0b5c7c1e-0000-4000-8000-000000000000", feedback_tokens: [] },
        }),
      );
    if (path === "/stream") {
      const words = answer.split(/(?<= )/);
      const events = [
        ...words.map((delta) => `data: ${JSON.stringify({ delta })}\n\n`),
        `event: sources\ndata: ${JSON.stringify({ sources })}\n\n`,
        "data: [DONE]\n\n",
      ];
      return send(200, events.join(""), { "content-type": "text/event-stream" });
    }
    const toolCalls = expectedToolCalls(question).map((c, i) => ({
      id: `call_${i}`,
      type: "function",
      function: { name: c.name, arguments: JSON.stringify(c.args) },
    }));
    return send(200, JSON.stringify({ data: { answer }, sources, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) }));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    configure: (more) => {
      options = { ...options, ...more };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        // A socket the page opened and left without a whole request (an aborted probe) is neither a
        // response above nor idle: server.close() waited for it until the test timed out (1 run in 5
        // beside another busy process). Every connection goes, as the mock servers' do.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function questionOf(path: string, body: string): string | undefined {
  try {
    const json = JSON.parse(body) as { question?: unknown; input?: { input?: unknown }; messages?: { content?: unknown }[] };
    const q = path === "/invoke" ? json.input?.input : (json.question ?? json.messages?.at(-1)?.content);
    return typeof q === "string" ? q : undefined;
  } catch {
    return undefined;
  }
}

function wait(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
