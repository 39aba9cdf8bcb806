import { APIConnectionError, APIError } from "openai";
import { describe, expect, it } from "vitest";
import type { MetricError } from "../../src/engine/result";
import { classifyError, createJudge, describeError, guessProvider, redact, testConnection } from "../../src/llm";
import { startMockServer } from "../mock/server";
import { API_KEY, configFor, echoBrain, echoRequest, rejectionOf, useMockServer } from "./helpers";

const apiError = (status: number, message = "boom", headers: Record<string, string> = {}) =>
  APIError.generate(status, { error: { message } }, undefined, new Headers(headers));

describe("errors from the server", () => {
  const mock = useMockServer({ apiKey: "sk-the-right-key-000000", models: ["mock-judge", "mock-embedding"] });

  it("401: a human message that never contains the key, even though the server echoed it", async () => {
    const error = (await rejectionOf(createJudge(configFor(mock.server)).complete(echoRequest()))) as MetricError;
    expect(error.code).toBe("llm_error");
    expect(error.message).toContain("rejected the API key (HTTP 401)");
    expect(error.calls[0]!.attempts).toBe(1);
    // The mock quotes the presented key in its body, as OpenAI does.
    expect(JSON.stringify(error)).not.toContain(API_KEY);
    expect(error.message).not.toContain(API_KEY);
    expect(error.calls[0]!.error).not.toContain(API_KEY);

    const tested = await testConnection(configFor(mock.server));
    expect(tested.ok).toBe(false);
    if (tested.ok) return;
    expect(tested.error.kind).toBe("auth");
    expect(tested.error.status).toBe(401);
    expect(`${tested.diagnosis} ${tested.error.message} ${tested.error.serverMessage ?? ""}`).not.toContain(API_KEY);
  });

  it("404 for an unknown model names the model and the base URL", async () => {
    const error = (await rejectionOf(
      createJudge(configFor(mock.server, { apiKey: "sk-the-right-key-000000", model: "gpt-nope" })).complete(echoRequest()),
    )) as MetricError;
    expect(error.code).toBe("llm_error");
    expect(error.message).toContain(`answered 404: the model "gpt-nope" is unknown there, or the base URL is wrong`);
    expect(error.message).toContain(mock.server.url);
    expect(error.message).toContain("does not exist");
    expect(error.calls[0]!.attempts).toBe(1);
  });
});

describe("unreachable server", () => {
  it("says it could not reach the base URL, without retries in the connection test", async () => {
    const server = await startMockServer({ responders: { test_echo: echoBrain } });
    const url = server.url;
    await server.close();
    const tested = await testConnection({ baseURL: url, apiKey: API_KEY, model: "m" });
    expect(tested.ok).toBe(false);
    expect(
      tested.calls.map((c) => c.attempts),
      "one request, no retry",
    ).toEqual([1]);
    if (tested.ok) return;
    expect(tested.error.kind).toBe("network");
    expect(tested.diagnosis).toBe(`Could not reach ${url}: the server is down or the base URL is wrong.`);
  });
});

describe("describeError", () => {
  const network = new APIConnectionError({ message: "Connection error.", cause: new TypeError("Failed to fetch") });
  const origin = "http://localhost:5173";

  it("gives the provider-specific CORS fix in a browser context", () => {
    expect(describeError(network, { baseURL: "http://localhost:11434/v1", origin })).toBe(
      "Could not reach http://localhost:11434/v1: the server is down, the base URL is wrong, or the browser blocked it (CORS). " +
        "If Ollama is running, allow this page: set OLLAMA_ORIGINS=http://localhost:5173 in Ollama's environment and restart it.",
    );
    expect(describeError(network, { baseURL: "http://localhost:1234/v1", origin })).toContain("lms server start --cors");
    expect(describeError(network, { baseURL: "http://gpu-box:8000/v1", provider: "vllm", origin })).toContain("--allowed-origins, add http://localhost:5173");
    expect(describeError(network, { baseURL: "https://api.openai.com/v1", origin })).toContain("api.openai.com accepts browser calls");
    expect(describeError(network, { baseURL: "https://res.openai.azure.com", provider: "azure", origin })).toContain(
      "Azure OpenAI may refuse calls from a browser",
    );
    expect(describeError(network, { baseURL: "https://openrouter.ai/api/v1", origin })).toContain("OpenRouter accepts browser calls");
    expect(describeError(network, { baseURL: "https://llm.example.com/v1", origin })).toContain('keep "strip SDK headers" on');
  });

  it("warns about mixed content from an HTTPS page to a plain-HTTP server", () => {
    expect(describeError(network, { baseURL: "http://10.0.0.5:8000/v1", origin: "https://ragas.example.com" })).toContain("mixed content");
    expect(describeError(network, { baseURL: "http://localhost:8000/v1", origin: "https://ragas.example.com" })).not.toContain("mixed content");
  });

  it("describes 429 with the wait, 401 per provider, 5xx and timeouts", () => {
    expect(describeError(apiError(429, "slow down", { "retry-after": "7" }), { baseURL: "https://x/v1" })).toContain("HTTP 429). It asked to wait 7 s.");
    expect(describeError(apiError(401, `bad key ${API_KEY}`), { baseURL: "https://api.openai.com/v1", apiKey: API_KEY })).toBe(
      "The server at https://api.openai.com/v1 rejected the API key (HTTP 401). Check the key at https://platform.openai.com/api-keys.",
    );
    expect(describeError(apiError(404), { baseURL: "http://localhost:11434/v1", model: "llama3.2" })).toContain("ollama pull llama3.2");
    expect(describeError(apiError(502, "bad gateway"), { baseURL: "https://x/v1" })).toContain("failed (HTTP 502: bad gateway)");
  });

  it("never repeats a key, the configured one or any sk- shaped one", () => {
    const text = describeError(apiError(400, `invalid input near ${API_KEY} and sk-otherKEY123456789`), { baseURL: "https://x/v1", apiKey: API_KEY });
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain("sk-otherKEY");
    expect(text).toContain("[redacted]");
    expect(redact("key=abcd1234", ["abcd1234"])).toBe("key=[redacted]");
  });

  it("classifies statuses", () => {
    expect(classifyError(apiError(403)).kind).toBe("auth");
    expect(classifyError(apiError(408)).kind).toBe("timeout");
    expect(classifyError(apiError(409)).kind).toBe("server");
    expect(classifyError(apiError(422)).kind).toBe("bad_request");
    expect(classifyError(apiError(429, "x", { "retry-after-ms": "250" })).retryAfterMs).toBe(250);
    expect(classifyError(new TypeError("fetch failed")).kind).toBe("network");
    expect(classifyError(new Error("x"), { cancelled: true }).kind).toBe("cancelled");
  });

  it("guesses the provider from the base URL", () => {
    expect(guessProvider("http://127.0.0.1:11434/v1")).toBe("ollama");
    expect(guessProvider("http://localhost:1234/v1")).toBe("lmstudio");
    expect(guessProvider("https://my.openai.azure.com/openai")).toBe("azure");
    expect(guessProvider("https://example.com/v1", "azure")).toBe("azure");
    expect(guessProvider("https://example.com/v1", "openai-compatible")).toBe("generic");
  });
});
