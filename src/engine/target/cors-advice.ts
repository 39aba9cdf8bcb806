import type { TargetRequest } from "./render-request";

/**
 * What a server must allow before a page at `origin` may call it (the Fetch standard's CORS rules):
 * said in words when a browser request got no readable answer, as Test connection does for judges.
 * A request with a JSON body or any header beyond the CORS-safelisted ones is preflighted, so the
 * server must answer OPTIONS too.
 */
const SAFELISTED = new Set(["accept", "accept-language", "content-language"]);

export function corsAdvice(request: Pick<TargetRequest, "method" | "headers">, origin: string): string {
  const headers = Object.keys(request.headers)
    .map((h) => h.toLowerCase())
    .filter((h) => !SAFELISTED.has(h));
  const lines = [
    `The server must answer requests from ${origin} with the header Access-Control-Allow-Origin: ${origin} (or *).`,
    `It must answer the browser's preflight (an OPTIONS request to the same URL) with status 200 or 204, Access-Control-Allow-Methods: ${request.method}` +
      (headers.length > 0 ? ` and Access-Control-Allow-Headers: ${headers.join(", ")}.` : "."),
  ];
  if (headers.some((h) => h === "authorization" || h === "cookie")) {
    lines.push("Credentials in headers are allowed only with an explicit origin, not *.");
  }
  return lines.join(" ");
}
