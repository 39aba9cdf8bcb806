import { describe, expect, it } from "vitest";
import { type BatchInputLine, parseOutputFile, splitToFiles } from "../../../src/llm/batch/lines";
import { lineFailure } from "../../../src/llm/batch/reply-book";

const line = (id: string, url: BatchInputLine["url"], model: string, text = "x"): BatchInputLine => ({
  custom_id: id,
  method: "POST",
  url,
  body: { model, input: [text] },
});

describe("splitToFiles", () => {
  it("one file per (endpoint, model), none over the request or byte limit, every line once", () => {
    const lines = [
      ...Array.from({ length: 7 }, (_, i) => line(`c${i}`, "/v1/chat/completions", "judge", "y".repeat(100))),
      ...Array.from({ length: 3 }, (_, i) => line(`e${i}`, "/v1/embeddings", "embed")),
    ];
    // Room for two chat lines per file (embeddings lines are shorter: three, by the request limit).
    const maxBytes = 2 * (JSON.stringify(lines[0]).length + 1) + 10;
    const chunks = splitToFiles(lines, { maxRequests: 3, maxBytes });
    expect(chunks.map((c) => [c.endpoint, c.model, c.lines.length])).toEqual([
      ["/v1/chat/completions", "judge", 2],
      ["/v1/chat/completions", "judge", 2],
      ["/v1/chat/completions", "judge", 2],
      ["/v1/chat/completions", "judge", 1],
      ["/v1/embeddings", "embed", 3],
    ]);
    for (const chunk of chunks) expect(new TextEncoder().encode(chunk.text).length).toBeLessThanOrEqual(maxBytes);
    expect(chunks.flatMap((c) => c.lines.map((l) => l.custom_id)).sort()).toEqual(lines.map((l) => l.custom_id).sort());
    expect(() => splitToFiles([line("big", "/v1/embeddings", "e", "z".repeat(500))], { maxRequests: 3, maxBytes: 400 })).toThrow(
      /over the provider's 400-byte file limit/,
    );
  });
});

describe("result lines", () => {
  it("reads OpenAI's and vLLM's error shapes in the provider's words", () => {
    const text = [
      // OpenAI, expired: no response, an error object.
      '{"id":"batch_req_1","custom_id":"a","response":null,"error":{"code":"batch_expired","message":"This request could not be executed before the completion window expired."}}',
      // vLLM make_error_request_output: status 400, no body, the error a plain string.
      '{"id":"vllm-1","custom_id":"b","response":{"status_code":400,"request_id":"vllm-batch-1","body":null},"error":"The model does not support Embeddings API"}',
      // vLLM ErrorResponse.
      '{"id":"vllm-2","custom_id":"c","response":{"status_code":400,"request_id":"vllm-batch-2","body":null},"error":{"error":{"message":"max_tokens is too large","type":"BadRequestError","param":null,"code":400}}}',
      // OpenAI, a line answered with an HTTP error.
      '{"id":"batch_req_4","custom_id":"d","response":{"status_code":429,"request_id":"r","body":{"error":{"message":"Rate limit reached","type":"requests"}}},"error":null}',
      "not json",
      '{"custom_id": 5}',
    ].join("\n");
    const { lines, problems } = parseOutputFile(text);
    expect(problems).toEqual([expect.stringMatching(/^line 5: not JSON/), expect.stringMatching(/^line 6: not a batch result/)]);
    expect(lines.map(lineFailure)).toEqual([
      "The batch line failed (batch_expired): This request could not be executed before the completion window expired.",
      "The batch line failed with HTTP 400: The model does not support Embeddings API",
      "The batch line failed with HTTP 400: max_tokens is too large",
      "The batch line failed with HTTP 429: Rate limit reached",
    ]);
  });
});

describe("parseOutputFile, an input file", () => {
  it("says a batch input file is one, not a result per line", () => {
    const input = [
      '{"custom_id":"s1:faithfulness:statements:0:abc","method":"POST","url":"/v1/chat/completions","body":{"model":"m","messages":[]}}',
      '{"custom_id":"s1:answer_relevancy:embeddings:0:abc","method":"POST","url":"/v1/embeddings","body":{"model":"e","input":["x"]}}',
    ].join("\n");
    const parsed = parseOutputFile(input);
    expect(parsed.inputFile).toBe(true);
    expect(parsed.lines).toEqual([]);
    expect(parsed.problems).toEqual(["this is the batch input file, not its results (upload the output file the batch runner wrote)"]);
    expect(parseOutputFile('{"custom_id":"a","response":null,"error":"x"}\n').inputFile).toBe(false);
  });
});
