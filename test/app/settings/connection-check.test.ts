import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkConnection } from "../../../src/app/settings/connection-check";
import { DEFAULT_SETTINGS, type AppSettings } from "../../../src/app/shared/settings-model/model";
import { API_KEY } from "../../llm/helpers";
import { startMockServer, type MockServer } from "../../mock/server";

/** Settings' "Test connection", over real HTTP to the mock server: the chat model, then the embedding model when one is set. */

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ apiKey: API_KEY, models: ["judge-m", "embed-e"] });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.resetLog());

const settings = (over: Partial<AppSettings>): AppSettings => ({
  ...DEFAULT_SETTINGS,
  provider: "custom",
  baseURL: server.url,
  model: "judge-m",
  embeddingModel: "embed-e",
  maxRetries: 3,
  timeoutSec: 5,
  ...over,
});
const check = (over: Partial<AppSettings>) => checkConnection(settings(over), API_KEY, new AbortController().signal);
const sent = () => server.log.map((r) => `${r.kind} ${r.model}${r.kind === "embedding" && r.status === 200 ? ` x${r.inputCount}` : ""} ${r.status}`);

describe("Test connection", () => {
  it("checks the embedding model too, with one tiny embeddings request", async () => {
    const outcome = await check({});
    expect(outcome).toMatchObject({ ok: true, embedding: { ok: true, model: "embed-e" } });
    expect(sent()).toEqual(["chat judge-m 200", "embedding embed-e x1 200"]);
  });

  it("makes no embeddings request when no embedding model is set", async () => {
    const outcome = await check({ embeddingModel: "  " });
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && outcome.embedding).toBeUndefined();
    expect(sent()).toEqual(["chat judge-m 200"]);
  });

  it("names an embedding model the server does not know, as the chat check names a chat model (once: no retries)", async () => {
    const outcome = await check({ embeddingModel: "embed-typo" });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || !outcome.embedding || outcome.embedding.ok) throw new Error(`expected a failed embedding check, got ${JSON.stringify(outcome)}`);
    expect(outcome.embedding.diagnosis).toMatch(
      new RegExp(`^The server at ${server.url.replace(/[./]/g, "\\$&")} answered 404: the model "embed-typo" is unknown there`),
    );
    expect(sent()).toEqual(["chat judge-m 200", "embedding embed-typo 404"]);
  });

  it("says so when the embeddings server refuses the connection", async () => {
    const outcome = await check({ embeddingBaseURL: "http://127.0.0.1:9/v1" });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || !outcome.embedding || outcome.embedding.ok) throw new Error(`expected a failed embedding check, got ${JSON.stringify(outcome)}`);
    expect(outcome.embedding.diagnosis).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:9\/v1/);
    expect(sent()).toEqual(["chat judge-m 200"]);
  });

  it("a chat model the server does not know stops the check before the embedding model", async () => {
    const outcome = await check({ model: "judge-typo" });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.diagnosis).toMatch(/the model "judge-typo" is unknown there/);
    expect(sent()).toEqual(["chat judge-typo 404"]);
  });
});
