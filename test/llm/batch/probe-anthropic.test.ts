import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeBatchSupport } from "../../../src/llm/batch/probe";
import { type BatchMock, startBatchMock } from "../../mock/batch-server";

const KEY = "sk-ant-probe-key-1234";
let batch: BatchMock;
beforeAll(async () => {
  batch = await startBatchMock({ apiKey: KEY });
});
afterAll(async () => {
  await batch.close();
});

/** A stand-in for api.anthropic.com answering one status and body. */
const answering =
  (status: number, body: unknown): typeof fetch =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const anthropicError = (type: string, message: string) => ({ type: "error", error: { type, message } });

describe("probeBatchSupport for Anthropic", () => {
  it("reached: one GET /messages/batches?limit=1 with the batch headers, nothing created", async () => {
    const before = batch.created.length;
    const result = await probeBatchSupport({ baseURL: batch.url, apiKey: KEY, model: "m" }, undefined, "anthropic");
    expect(result).toMatchObject({ verdict: "reached", batches: 200 });
    expect(result.message).toBe(`${batch.url} answers Anthropic's Message Batches from this page: runs can go by batch (half price, within 24 h).`);
    expect(batch.log.at(-1)).toMatchObject({ method: "GET", path: "/messages/batches", status: 200 });
    expect(batch.created.length).toBe(before);
  });

  it("a refused key is named in Anthropic's words, never echoed", async () => {
    const result = await probeBatchSupport({ baseURL: batch.url, apiKey: "sk-ant-wrong-5678", model: "m" }, undefined, "anthropic");
    expect(result).toMatchObject({ verdict: "unauthorized", batches: 401 });
    expect(result.message).toBe(
      `${batch.url} refused the key for Anthropic's Message Batches (HTTP 401: invalid x-api-key): check the Anthropic API key and its workspace.`,
    );
    expect(result.message).not.toContain("sk-ant-wrong-5678");
  });

  it("api.anthropic.com is probed by URL; its CORS refusals are blocked, not a bad key", async () => {
    const at = (fetch: typeof globalThis.fetch) => probeBatchSupport({ baseURL: "https://api.anthropic.com/v1", apiKey: KEY, model: "m", fetch });
    const header = await at(
      answering(401, anthropicError("authentication_error", "CORS requests must set 'anthropic-dangerous-direct-browser-access' header")),
    );
    expect(header.verdict).toBe("blocked");
    expect(header.detail).toContain("drops the anthropic-dangerous-direct-browser-access header");
    const organisation = await at(
      answering(401, anthropicError("authentication_error", "CORS requests are not allowed for this Organization because of its settings.")),
    );
    expect(organisation.verdict).toBe("blocked");
    expect(organisation.detail).toMatch(/^Anthropic refuses browser calls for this organisation .*: an admin can allow them in the Console, or run the CLI\.$/);
    const gone = await at(async () => Promise.reject(new TypeError("Failed to fetch")));
    expect(gone).toMatchObject({ verdict: "blocked", batches: 0 });
    expect(gone.message).toMatch(
      /^The page cannot read Anthropic's Message Batches at https:\/\/api\.anthropic\.com\/v1: .+ Until then, "Download batch file"/,
    );
  });
});
