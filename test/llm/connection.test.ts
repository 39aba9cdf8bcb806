import { describe, expect, it } from "vitest";
import { checkTransportConfig, testConnection } from "../../src/llm";
import { configFor, useMockServer } from "./helpers";

describe("testConnection", () => {
  const mock = useMockServer();

  it("makes one 1-token chat call and reports the time and the model", async () => {
    const result = await testConnection(configFor(mock.server));
    expect(result).toMatchObject({ ok: true, model: "mock-judge" });
    expect(result.ok && result.ms).toBeGreaterThanOrEqual(0);
    expect(mock.server.log).toHaveLength(1);
    expect((mock.server.log[0]!.body as Record<string, unknown>).max_tokens).toBe(1);
  });

  it("does not retry: one 503 is one request and a diagnosis", async () => {
    mock.server.enqueue({ status: 503 });
    const result = await testConnection(configFor(mock.server));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe("server");
    expect(result.diagnosis).toContain(`The server at ${mock.server.url} failed (HTTP 503`);
    expect(mock.server.log).toHaveLength(1);
  });

  it("rejects a malformed config with a readable message", () => {
    const checked = checkTransportConfig({ baseURL: "localhost:11434", model: "" });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.message).toBe("baseURL: Base URL must start with http:// or https://; model: Model is empty");
  });
});
