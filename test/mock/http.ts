import type { IncomingMessage, ServerResponse } from "node:http";
import type { CorsMode } from "./options";

/** The only request headers a "strict" server allows (like Fireworks: ux-anchors 3.1). */
const STRICT_ALLOWED = new Set(["authorization", "content-type"]);
const EXPOSED = "retry-after, retry-after-ms, x-request-id";

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Headers every non-preflight response carries, by CORS mode. */
function corsHeaders(mode: CorsMode): Record<string, string> {
  if (mode === "none") return {};
  // "strict" mimics gateways that do not expose Retry-After (Azure/azure-rest-api-specs #24904).
  if (mode === "strict") return { "access-control-allow-origin": "*" };
  return { "access-control-allow-origin": "*", "access-control-expose-headers": EXPOSED };
}

/** Answers an OPTIONS preflight; returns the status sent. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse, mode: CorsMode): number {
  const requested = String(req.headers["access-control-request-headers"] ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (mode === "none") {
    res.writeHead(405).end();
    return 405;
  }
  if (mode === "strict") {
    // Refused outright: no CORS headers, so the browser blocks the real request.
    if (requested.some((h) => !STRICT_ALLOWED.has(h))) {
      res.writeHead(403, { "content-type": "text/plain" }).end("header not allowed");
      return 403;
    }
    res
      .writeHead(204, {
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "GET, POST, OPTIONS",
        "access-control-allow-headers": "authorization, content-type",
        "access-control-max-age": "600",
      })
      .end();
    return 204;
  }
  const headers: Record<string, string> = {
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "GET, POST, OPTIONS",
    "access-control-allow-headers": requested.length > 0 ? requested.join(", ") : "*",
    "access-control-expose-headers": EXPOSED,
    "access-control-max-age": "600",
  };
  // Chrome's Private Network Access preflight for a public page calling localhost.
  if (req.headers["access-control-request-private-network"]) headers["access-control-allow-private-network"] = "true";
  res.writeHead(204, headers).end();
  return 204;
}

let requestCounter = 0;

export function sendJson(res: ServerResponse, status: number, body: unknown, mode: CorsMode, extra: Record<string, string> = {}): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "x-request-id": `req_mock_${++requestCounter}`,
    ...corsHeaders(mode),
    ...extra,
  });
  res.end(text);
}

/** The error body OpenAI sends, which the SDK turns into APIError.error. */
export function openAiError(message: string, type: string, code: string | number | null, param: string | null = null) {
  return { error: { message, type, code, param } };
}

export function delay(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
