import { describe, expect, it } from "vitest";
import { createJudge, parseTransportConfig, SDK_TELEMETRY_HEADERS } from "../../src/llm";
import { configFor, echoRequest, useMockServer } from "./helpers";

const stainless = (headers: Record<string, string>) => Object.keys(headers).filter((h) => h.startsWith("x-stainless-"));

/** What a browser would ask in the preflight for the headers this request carried. */
async function preflightFor(url: string, headers: Record<string, string>): Promise<Response> {
  const nonSimple = Object.keys(headers).filter(
    (h) => !["host", "connection", "content-length", "accept", "accept-encoding", "accept-language", "user-agent", "sec-fetch-mode"].includes(h),
  );
  return fetch(`${url}/chat/completions`, {
    method: "OPTIONS",
    headers: { origin: "http://localhost:5173", "access-control-request-method": "POST", "access-control-request-headers": nonSimple.join(",") },
  });
}

describe("SDK headers and strict CORS", () => {
  const mock = useMockServer({ cors: "strict" });

  it("strips every X-Stainless-* header by default for a custom base URL, so the preflight passes", async () => {
    await createJudge(configFor(mock.server)).complete(echoRequest());
    const headers = mock.server.log[0]!.headers;
    expect(stainless(headers)).toEqual([]);
    expect(headers.authorization).toMatch(/^Bearer /);
    const preflight = await preflightFor(mock.server.url, headers);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("sends them when stripping is off, and the strict preflight refuses that", async () => {
    await createJudge(configFor(mock.server, { stripSdkHeaders: false })).complete(echoRequest());
    const headers = mock.server.log[0]!.headers;
    expect(stainless(headers).length).toBeGreaterThanOrEqual(6);
    expect(headers["x-stainless-lang"]).toBe("js");
    const preflight = await preflightFor(mock.server.url, headers);
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("defaults to stripping everywhere except api.openai.com", () => {
    const base = { apiKey: "k", model: "m" };
    expect(parseTransportConfig({ ...base, baseURL: "https://api.openai.com/v1" }).stripSdkHeaders).toBe(false);
    expect(parseTransportConfig({ ...base, baseURL: "http://localhost:11434/v1/" }).stripSdkHeaders).toBe(true);
    expect(parseTransportConfig({ ...base, baseURL: "http://localhost:11434/v1/" }).baseURL).toBe("http://localhost:11434/v1");
    expect(SDK_TELEMETRY_HEADERS).toContain("X-Stainless-Timeout");
  });

  it("sends no Authorization header at all when no key is configured", async () => {
    await createJudge(configFor(mock.server, { apiKey: "" })).complete(echoRequest());
    expect(mock.server.log[0]!.headers.authorization).toBeUndefined();
    expect(mock.server.log[0]!.status).toBe(200);
  });

  it("does not expose Retry-After in strict mode, but does when open", async () => {
    const strict = await fetch(`${mock.server.url}/models`);
    expect(strict.headers.get("access-control-expose-headers")).toBeNull();
    mock.server.configure({ cors: "open" });
    const open = await fetch(`${mock.server.url}/models`);
    expect(open.headers.get("access-control-expose-headers")).toContain("retry-after");
    mock.server.configure({ cors: "none" });
    const none = await fetch(`${mock.server.url}/models`);
    expect(none.headers.get("access-control-allow-origin")).toBeNull();
  });
});
