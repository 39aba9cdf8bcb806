import { describe, expect, it } from "vitest";
import { anthropicCustomId, anthropicResultSchema, anthropicSchema, fromAnthropicResult, toAnthropicRequest } from "../../../src/llm/batch/anthropic-convert";
import { toRemoteBatch } from "../../../src/llm/batch/anthropic-batch-api";
import type { BatchInputLine } from "../../../src/llm/batch/lines";
import { lineFailure } from "../../../src/llm/batch/reply-book";

const schema = {
  title: "faithfulness_statements",
  type: "object",
  properties: { statements: { type: "array", items: { type: "string", minLength: 1 }, minItems: 3, maxItems: 3 }, minLength: { type: "string" } },
  required: ["statements", "minLength"],
  additionalProperties: false,
};

const line: BatchInputLine = {
  custom_id: "s001:faithfulness:statements:0:0123456789",
  method: "POST",
  url: "/v1/chat/completions",
  body: {
    model: "claude-judge",
    messages: [
      { role: "system", content: "You judge." },
      { role: "user", content: "Split the answer." },
      { role: "assistant", content: "{}" },
      {
        role: "user",
        content: [
          { type: "text", text: "Again, " },
          { type: "text", text: "please." },
        ],
      },
    ],
    temperature: 1.4,
    max_tokens: 512,
    response_format: { type: "json_schema", json_schema: { name: "faithfulness_statements", schema, strict: true } },
  },
};

describe("OpenAI batch line -> Anthropic request", () => {
  it("moves the system prompt out, keeps max_tokens, caps temperature at 1 and asks for structured output", () => {
    const request = toAnthropicRequest(line);
    expect(request.custom_id).toBe("s001-faithfulness-statements-0-0123456789");
    expect(request.params).toEqual({
      model: "claude-judge",
      max_tokens: 512,
      system: "You judge.",
      temperature: 1,
      messages: [
        { role: "user", content: "Split the answer." },
        { role: "assistant", content: "{}" },
        { role: "user", content: "Again, please." },
      ],
      output_config: {
        format: {
          type: "json_schema",
          // minLength / maxItems dropped, minItems down to 1; a property NAMED minLength stays.
          schema: {
            title: "faithfulness_statements",
            type: "object",
            properties: { statements: { type: "array", items: { type: "string" }, minItems: 1 }, minLength: { type: "string" } },
            required: ["statements", "minLength"],
            additionalProperties: false,
          },
        },
      },
    });
  });

  it("the fallback forces a tool whose input is the reply; a missing or zero max_tokens becomes a positive one", () => {
    const body = { ...line.body, max_tokens: 0 };
    const request = toAnthropicRequest({ ...line, body }, "tool");
    expect(request.params.max_tokens).toBe(4096);
    expect(request.params.output_config).toBeUndefined();
    expect(request.params.tool_choice).toEqual({ type: "tool", name: "faithfulness_statements" });
    expect((request.params.tools as { name: string; input_schema: unknown }[])[0]).toMatchObject({
      name: "faithfulness_statements",
      input_schema: anthropicSchema(schema),
    });
  });

  it("custom_ids fit Anthropic's pattern, distinct ids stay distinct, long ones are hashed", () => {
    expect(anthropicCustomId("abc_1-x")).toBe("abc_1-x");
    expect(anthropicCustomId("a:b")).not.toBe(anthropicCustomId("a:c"));
    const long = anthropicCustomId(`${"x".repeat(60)}:yyyyy`);
    expect(long).toMatch(/^h[0-9a-f]{40}$/);
    expect(() => toAnthropicRequest({ ...line, body: { model: "m", messages: [] } })).toThrow();
  });
});

describe("Anthropic result -> OpenAI batch output line", () => {
  const parse = (json: unknown) => anthropicResultSchema.parse(json);

  it("succeeded with the JSON as text: a chat.completion under our custom_id, usage in OpenAI's names", () => {
    const out = fromAnthropicResult(
      parse({
        custom_id: "s001-x",
        result: {
          type: "succeeded",
          message: {
            id: "msg_1",
            model: "claude-judge",
            content: [
              { type: "text", text: '{"statements":' },
              { type: "text", text: '["a"]}' },
            ],
            stop_reason: "end_turn",
            usage: { input_tokens: 11, output_tokens: 7 },
          },
        },
      }),
      "s001:x",
    );
    expect(out).toEqual({
      id: "msg_1",
      custom_id: "s001:x",
      response: {
        status_code: 200,
        request_id: "msg_1",
        body: {
          id: "msg_1",
          object: "chat.completion",
          model: "claude-judge",
          choices: [{ index: 0, message: { role: "assistant", content: '{"statements":["a"]}' }, finish_reason: "stop" }],
          usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
        },
      },
      error: null,
    });
    expect(lineFailure(out)).toBeUndefined();
  });

  it("succeeded by a forced tool: the tool's input is the reply; max_tokens is finish_reason length", () => {
    const out = fromAnthropicResult(
      parse({
        custom_id: "c",
        result: {
          type: "succeeded",
          message: { id: "msg_2", content: [{ type: "tool_use", id: "t", name: "reply", input: { verdicts: [1, 0] } }], stop_reason: "max_tokens" },
        },
      }),
      "c:1",
    );
    const body = out.response!.body as { choices: { message: { content: string }; finish_reason: string }[] };
    expect(JSON.parse(body.choices[0]!.message.content)).toEqual({ verdicts: [1, 0] });
    expect(body.choices[0]!.finish_reason).toBe("length");
  });

  it("errored, canceled and expired lines fail in the provider's words", () => {
    const errored = fromAnthropicResult(
      parse({
        custom_id: "e",
        result: { type: "errored", error: { type: "error", error: { type: "invalid_request_error", message: "max_tokens: too large" } } },
      }),
      "e:1",
    );
    expect(lineFailure(errored)).toBe("The batch line failed (invalid_request_error) with HTTP 400: max_tokens: too large");
    expect(lineFailure(fromAnthropicResult(parse({ custom_id: "x", result: { type: "expired" } }), "x:1"))).toBe(
      "The batch line failed (batch_expired): This request was not processed before the batch expired (24 hours after it was created).",
    );
    expect(lineFailure(fromAnthropicResult(parse({ custom_id: "x", result: { type: "canceled" } }), "x:1"))).toBe(
      "The batch line failed (batch_cancelled): This request was not processed: the batch was canceled.",
    );
  });

  it("a Message Batch reads as a batch: in progress, cancelling, and ended as completed, expired or cancelled", () => {
    const batch = (over: Record<string, unknown>) => ({
      id: "msgbatch_1",
      processing_status: "ended" as const,
      request_counts: { processing: 0, succeeded: 3, errored: 1, canceled: 0, expired: 0 },
      cancel_initiated_at: null,
      results_url: "https://api.anthropic.com/v1/messages/batches/msgbatch_1/results",
      ...over,
    });
    expect(toRemoteBatch(batch({}))).toEqual({
      id: "msgbatch_1",
      status: "completed",
      request_counts: { total: 4, completed: 3, failed: 1 },
      output_file_id: "https://api.anthropic.com/v1/messages/batches/msgbatch_1/results",
      error_file_id: null,
      metadata: null,
    });
    const running = toRemoteBatch(
      batch({ processing_status: "in_progress", results_url: null, request_counts: { processing: 4, succeeded: 0, errored: 0, canceled: 0, expired: 0 } }),
    );
    expect(running).toMatchObject({ status: "in_progress", request_counts: { total: 4, completed: 0, failed: 0 }, output_file_id: null });
    expect(toRemoteBatch(batch({ processing_status: "canceling", cancel_initiated_at: "2026-01-01T00:00:00Z" })).status).toBe("cancelling");
    expect(toRemoteBatch(batch({ cancel_initiated_at: "2026-01-01T00:00:00Z" })).status).toBe("cancelled");
    expect(toRemoteBatch(batch({ request_counts: { processing: 0, succeeded: 2, errored: 0, canceled: 0, expired: 2 } })).status).toBe("expired");
  });
});
