import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeBatchSupport } from "../../../src/llm/batch/probe";
import { type BatchMock, startBatchMock } from "../../mock/batch-server";
import { type MockServer, startMockServer } from "../../mock/server";

let batch: BatchMock;
let sync: MockServer;
beforeAll(async () => {
  batch = await startBatchMock({ apiKey: "sk-probe-key-1234" });
  sync = await startMockServer({ apiKey: "sk-probe-key-1234" });
});
afterAll(async () => {
  await batch.close();
  await sync.close();
});

const probe = (baseURL: string, apiKey = "sk-probe-key-1234") => probeBatchSupport({ baseURL, apiKey, model: "m" });

describe("probeBatchSupport", () => {
  it("reached: both /files and /batches answer, nothing is uploaded", async () => {
    const before = batch.created.length;
    const result = await probe(batch.url);
    expect(result).toMatchObject({ verdict: "reached", files: 200, batches: 200 });
    expect(batch.created.length).toBe(before);
    expect(
      batch.log
        .slice(-2)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual(["GET /batches", "GET /files"]);
  });

  it("a server without a batch API (like vllm serve) is pointed to the download / upload flow", async () => {
    const result = await probe(sync.url);
    expect(result.verdict).toBe("no_batch_api");
    expect(result.files).toBe(404);
    expect(result.message).toContain('use "Download batch file", run it, then "Upload results"');
  });

  it("a wrong key is named, never echoed", async () => {
    const result = await probe(batch.url, "sk-wrong-key-5678");
    expect(result).toMatchObject({ verdict: "unauthorized", files: 401 });
    expect(result.message).not.toContain("sk-wrong-key-5678");
  });

  it("no answer at all (CORS in a browser, or nothing listening) is blocked, with the words of the connection test", async () => {
    const result = await probe("http://127.0.0.1:9/v1");
    expect(result).toMatchObject({ verdict: "blocked", files: 0, batches: 0 });
    expect(result.message).toMatch(
      /^The page cannot read http:\/\/127\.0\.0\.1:9\/v1's batch API: .+ Until then, "Download batch file" and "Upload results" work with any server\.$/,
    );
  });
});
