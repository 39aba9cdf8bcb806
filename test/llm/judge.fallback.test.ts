import { describe, expect, it } from "vitest";
import { renderFormatNote } from "../../src/engine/prompts/render";
import { createJudge } from "../../src/llm";
import { baseMessages, configFor, echoJsonSchema, echoRequest, expectedEcho, useMockServer } from "./helpers";

const note = renderFormatNote(echoJsonSchema as unknown as Record<string, unknown>);

describe("judge: fallback when the server refuses structured output", () => {
  const mock = useMockServer();

  it("falls back to JSON mode with the format note, and remembers it", async () => {
    mock.server.configure({ supports: { jsonSchema: false } });
    const judge = createJudge(configFor(mock.server));
    const reply = await judge.complete(echoRequest());
    expect(reply.value).toEqual(expectedEcho);
    expect(reply.calls.map((c) => c.mode)).toEqual(["json_schema", "json_object"]);
    expect(reply.calls[0]!.error).toMatch(/HTTP 400.*not supported/);
    expect(reply.calls[0]!.attempts).toBe(1);
    expect(reply.calls[1]!.messages!.at(-1)!.content).toBe(`${baseMessages[1]!.content}\n\n${note}`);
    expect(mock.server.log.map((e) => [e.responseFormat, e.status])).toEqual([
      ["json_schema", 400],
      ["json_object", 200],
    ]);
    // The mock found the schema by the title quoted in the prompt.
    expect(mock.server.log[1]!.schemaName).toBe("test_echo");
    expect(judge.mode).toBe("json_object");

    const again = await judge.complete(echoRequest());
    expect(again.calls).toHaveLength(1);
    expect(again.calls[0]!.mode).toBe("json_object");
  });

  it("falls back to plain text and extracts the JSON from the fenced reply", async () => {
    mock.server.configure({ supports: { jsonSchema: false, jsonObject: false } });
    const judge = createJudge(configFor(mock.server));
    const reply = await judge.complete(echoRequest());
    expect(reply.value).toEqual(expectedEcho);
    expect(reply.calls.map((c) => c.mode)).toEqual(["json_schema", "json_object", "text"]);
    expect(reply.calls[2]!.reply).toMatch(/^Here is my assessment\.\n\n```json\n/);
    expect((mock.server.log[2]!.body as Record<string, unknown>).response_format).toBeUndefined();
    expect(judge.mode).toBe("text");
    const again = await judge.complete(echoRequest());
    expect(again.calls.map((c) => c.mode)).toEqual(["text"]);
  });

  it("reads JSON surrounded by prose even in structured mode (servers that ignore response_format)", async () => {
    mock.server.enqueue({ content: `Sure! Based on the lines, {"items": [{"text": "a {b}", "verdict": 1},]} is my answer.` });
    const reply = await createJudge(configFor(mock.server)).complete(echoRequest());
    expect(reply.value).toEqual({ items: [{ text: "a {b}", verdict: 1 }] });
    expect(reply.calls).toHaveLength(1);
  });

  it("accepts a bare array when the schema wants an object with one array field", async () => {
    mock.server.enqueue({ content: '```json\n[{"text": "x", "verdict": 0}]\n```' });
    const reply = await createJudge(configFor(mock.server)).complete(echoRequest());
    expect(reply.value).toEqual({ items: [{ text: "x", verdict: 0 }] });
  });

  it("does not fall back on a 400 that is about something else", async () => {
    mock.server.enqueue({ status: 400, content: "messages: too many tokens in the context window" });
    const judge = createJudge(configFor(mock.server));
    await expect(judge.complete(echoRequest())).rejects.toMatchObject({ code: "llm_error", calls: [{ mode: "json_schema", attempts: 1 }] });
    expect(judge.mode).toBe("json_schema");
  });
});
