import { describe, expect, it } from "vitest";
import { createJudge } from "../../src/llm";
import { MemoryResponseCache } from "../../src/llm/cache";
import { estimateMessagesTokens, estimateTokens } from "../../src/llm/tokens";
import { baseMessages, configFor, echoRequest, expectedEcho, useMockServer } from "./helpers";

describe("judge: structured output", () => {
  const mock = useMockServer();

  it("returns the validated value and one complete CallRecord", async () => {
    const judge = createJudge(configFor(mock.server));
    const reply = await judge.complete(echoRequest());
    expect(reply.value).toEqual(expectedEcho);
    expect(reply.calls).toHaveLength(1);

    const [entry] = mock.server.log;
    const call = reply.calls[0]!;
    expect(call).toMatchObject({
      kind: "chat",
      promptId: "test_echo",
      promptHash: "hash-echo-1",
      promptVersion: "v1",
      model: "mock-judge",
      cached: false,
      attempts: 1,
      mode: "json_schema",
      reply: JSON.stringify(expectedEcho),
    });
    expect(call.error).toBeUndefined();
    expect(call.messages).toEqual(baseMessages);
    // Token counts are the server's usage, not an estimate.
    expect(call.promptTokens).toBe(entry!.promptTokens);
    expect(call.completionTokens).toBe(entry!.completionTokens);
    expect(call.promptTokens).toBeGreaterThan(5);
    expect(call.completionTokens).toBeGreaterThan(5);
    expect(call.ms).toBeGreaterThanOrEqual(0);

    expect(entry).toMatchObject({ kind: "chat", responseFormat: "json_schema", schemaName: "test_echo", status: 200, model: "mock-judge" });
    expect(entry!.schemaTokens).toBeGreaterThan(10);
    const body = entry!.body as Record<string, unknown>;
    expect(body.temperature).toBe(0);
    expect(body.max_tokens).toBe(2048);
    expect(body.response_format).toEqual({ type: "json_schema", json_schema: { name: "test_echo", schema: echoRequest().output.jsonSchema, strict: true } });
  });

  it("sends the configured temperature and max tokens", async () => {
    const judge = createJudge(configFor(mock.server, { temperature: 0.7, maxTokens: 300 }));
    await judge.complete(echoRequest());
    const body = mock.server.log[0]!.body as Record<string, unknown>;
    expect(body.temperature).toBe(0.7);
    expect(body.max_tokens).toBe(300);
  });

  it("sends a request's own temperature instead (a custom judge's votes), and caches it apart", async () => {
    const cache = new MemoryResponseCache();
    const judge = createJudge(configFor(mock.server, { cache }));
    await judge.complete({ ...echoRequest(), temperature: 0.7 });
    expect((mock.server.log[0]!.body as Record<string, unknown>).temperature).toBe(0.7);
    // The same messages at the transport's temperature are another request, not a cache hit.
    const again = await judge.complete(echoRequest());
    expect(again.calls[0]!.cached).toBe(false);
    expect((mock.server.log[1]!.body as Record<string, unknown>).temperature).toBe(0);
    expect((await judge.complete({ ...echoRequest(), temperature: 0.7 })).calls[0]!.cached).toBe(true);
  });

  it("estimates tokens when the server sends no usage", async () => {
    mock.server.configure({ omitUsage: true });
    const reply = await createJudge(configFor(mock.server)).complete(echoRequest());
    const call = reply.calls[0]!;
    expect(call.promptTokens).toBe(estimateMessagesTokens(baseMessages));
    expect(call.completionTokens).toBe(estimateTokens(JSON.stringify(expectedEcho)));
  });

  it("estimates ~4 Latin characters and 1 CJK character per token", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcdefgh")).toBe(2);
    expect(estimateTokens("abcdefghi")).toBe(3);
    expect(estimateTokens("天空是蓝色的")).toBe(6);
    expect(estimateTokens("天空 blue")).toBe(2 + 2);
  });

  it("switches to max_completion_tokens when a reasoning model refuses max_tokens", async () => {
    mock.server.enqueue({
      status: 400,
      content: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    });
    const judge = createJudge(configFor(mock.server));
    const reply = await judge.complete(echoRequest());
    expect(reply.value).toEqual(expectedEcho);
    expect(reply.calls.map((c) => c.mode)).toEqual(["json_schema", "json_schema"]);
    const second = mock.server.log[1]!.body as Record<string, unknown>;
    expect(second.max_completion_tokens).toBe(2048);
    expect(second.max_tokens).toBeUndefined();
    // Remembered for the next call.
    await judge.complete(echoRequest());
    expect((mock.server.log[2]!.body as Record<string, unknown>).max_completion_tokens).toBe(2048);
  });
});
