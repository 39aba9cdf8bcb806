import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { createJudge } from "../../src/llm";
import { embedText } from "../mock/embeddings";
import { minimalValue } from "../mock/schema";
import { startMockServer } from "../mock/server";
import { configFor, echoBrain, echoJsonSchema, echoRequest, expectedEcho, useMockServer } from "./helpers";

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

describe("mock OpenAI server", () => {
  const mock = useMockServer();

  it("honours n and counts completion tokens over all choices", async () => {
    type Reply = { choices: { message: { content: string } }[]; usage: { prompt_tokens: number; completion_tokens: number } };
    const ask = async (n: number) => {
      const response = await post(`${mock.server.url}/chat/completions`, {
        model: "m",
        n,
        messages: [{ role: "user", content: "sky is blue: yes" }],
        response_format: { type: "json_schema", json_schema: { name: "test_echo", schema: echoJsonSchema, strict: true } },
      });
      return (await response.json()) as Reply;
    };
    const one = await ask(1);
    const three = await ask(3);
    expect(three.choices).toHaveLength(3);
    expect(JSON.parse(three.choices[2]!.message.content)).toEqual({ items: [{ text: "sky is blue: yes", verdict: 1 }] });
    expect(one.usage.completion_tokens).toBe(countTokens(three.choices[0]!.message.content));
    expect(three.usage.completion_tokens).toBe(3 * one.usage.completion_tokens);
    expect(one.usage.prompt_tokens).toBe(countTokens("sky is blue: yes"));
    expect(mock.server.log[0]!.schemaTokens).toBe(countTokens(JSON.stringify(echoJsonSchema)));
  });

  it("finds the schema quoted in the prompt in JSON mode and fences text-mode replies", async () => {
    const quoted = `sky is blue: yes\n\nReply with one JSON object and nothing else, matching this JSON Schema:\n${JSON.stringify(echoJsonSchema)}`;
    const asJson = await post(`${mock.server.url}/chat/completions`, {
      model: "m",
      messages: [{ role: "user", content: quoted }],
      response_format: { type: "json_object" },
    });
    const json = (await asJson.json()) as { choices: { message: { content: string } }[] };
    expect(JSON.parse(json.choices[0]!.message.content)).toEqual({ items: [{ text: "sky is blue: yes", verdict: 1 }] });
    const asText = await post(`${mock.server.url}/chat/completions`, { model: "m", messages: [{ role: "user", content: quoted }] });
    const text = (await asText.json()) as { choices: { message: { content: string } }[] };
    expect(text.choices[0]!.message.content).toContain('```json\n{\n  "items"');
    expect(mock.server.log.map((e) => [e.responseFormat, e.schemaName])).toEqual([
      ["json_object", "test_echo"],
      ["text", "test_echo"],
    ]);
  });

  it("answers unknown schemas with a minimal valid value", () => {
    expect(minimalValue(echoJsonSchema as unknown as Record<string, unknown>)).toEqual({ items: [] });
    const schema = {
      type: "object",
      properties: { a: { $ref: "#/$defs/thing" }, b: { type: ["null", "number"], minimum: 2 }, c: { enum: ["x", "y"] } },
      required: ["a", "b", "c"],
      $defs: { thing: { type: "array", minItems: 1, items: { type: "boolean" } } },
    };
    expect(minimalValue(schema)).toEqual({ a: [false], b: 2, c: "x" });
  });

  it("lists models and 404s unknown paths", async () => {
    const client = new OpenAI({ baseURL: mock.server.url, apiKey: "k", maxRetries: 0 });
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toEqual(["mock-judge", "mock-embedding"]);
    const other = await fetch(`${mock.server.url}/nope`);
    expect(other.status).toBe(404);
    expect(mock.server.log.map((e) => e.kind)).toEqual(["models", "other"]);
  });

  it("serves base64 embeddings as the SDK asks by default", async () => {
    const client = new OpenAI({ baseURL: mock.server.url, apiKey: "k", maxRetries: 0 });
    const response = await client.embeddings.create({ model: "e", input: "hello world" });
    const vector = Array.from(response.data[0]!.embedding);
    const expected = embedText("hello world");
    expect(vector).toHaveLength(256);
    for (const [i, x] of vector.entries()) expect(x).toBeCloseTo(expected[i]!, 6);
  });

  it("tracks requests in flight", async () => {
    mock.server.configure({ latencyMs: 100 });
    const judge = createJudge(configFor(mock.server));
    await Promise.all([1, 2, 3, 4].map(() => judge.complete(echoRequest())));
    expect(mock.server.peakInFlight).toBe(4);
    expect(mock.server.inFlight).toBe(0);
    const spans = mock.server.log.map((e) => e.endedAt - e.startedAt);
    for (const span of spans) expect(span).toBeGreaterThanOrEqual(95);
    mock.server.resetLog();
    expect(mock.server.log).toHaveLength(0);
    expect(mock.server.peakInFlight).toBe(0);
  });

  it("draws faults from a seeded PRNG: same seed, same sequence", async () => {
    const statuses = async () => {
      const server = await startMockServer({ faults: { rate429: 0.3, rate500: 0.2, rateMalformed: 0.2, seed: 42 } });
      try {
        for (let i = 0; i < 12; i++) await post(`${server.url}/chat/completions`, { model: "m", messages: [{ role: "user", content: "x" }] });
        return server.log.map((e) => e.fault ?? e.status);
      } finally {
        await server.close();
      }
    };
    const first = await statuses();
    expect(await statuses()).toEqual(first);
    expect(new Set(first).size).toBeGreaterThanOrEqual(3);
  });

  it("accepts an Azure-style client (deployment path, api-key header)", async () => {
    const secured = await startMockServer({ apiKey: "azure-key-1234", responders: { test_echo: echoBrain } });
    try {
      const judge = createJudge({ ...configFor(secured), baseURL: `${secured.url.replace(/\/v1$/, "")}/openai`, apiKey: "azure-key-1234", provider: "azure" });
      const reply = await judge.complete(echoRequest());
      expect(reply.value).toEqual(expectedEcho);
      const entry = secured.log[0]!;
      expect(entry.path).toBe("/openai/deployments/mock-judge/chat/completions");
      expect(entry.headers["api-key"]).toBe("azure-key-1234");
      expect(entry.headers.authorization).toBeUndefined();
    } finally {
      await secured.close();
    }
  });

  it("refuses a wrong key with an OpenAI-shaped error body", async () => {
    const secured = await startMockServer({ apiKey: "good" });
    try {
      const response = await post(`${secured.url}/chat/completions`, { model: "m", messages: [] }, { authorization: "Bearer bad" });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error", code: "invalid_api_key" } });
    } finally {
      await secured.close();
    }
  });
});
