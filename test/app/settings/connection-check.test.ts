import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkConnection } from "../../../src/app/settings/connection-check";
import { DEFAULT_SETTINGS, type AppSettings } from "../../../src/app/shared/settings-model/model";
import { en } from "../../../src/app/shared/i18n/en";
import { zh } from "../../../src/app/shared/i18n/zh";
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

  it("says each diagnosis in the UI's language: the same facts in Chinese, the English one unchanged, never the key", async () => {
    const url = server.url;
    const unknown = await check({ model: "judge-typo" });
    if (unknown.ok) throw new Error("expected a failed check");
    expect(unknown.say(en.settings.diagnosis)).toBe(unknown.diagnosis);
    expect(unknown.say(zh.settings.diagnosis)).toMatch(
      new RegExp(`^${url.replace(/[./]/g, "\\$&")} 的服务器返回 404：那里没有模型“judge-typo”，或者接口地址有误。OpenAI 兼容的接口地址通常以 /v1 结尾。`),
    );

    const wrongKey = await checkConnection(settings({}), "sk-wrong-key-0000000000", new AbortController().signal);
    if (wrongKey.ok) throw new Error("expected a rejected key");
    expect(wrongKey.say(zh.settings.diagnosis)).toBe(`${url} 的服务器拒绝了 API 密钥（HTTP 401）。请检查 API 密钥。`);
    expect(wrongKey.say(en.settings.diagnosis)).toBe(`The server at ${url} rejected the API key (HTTP 401). Check the API key.`);

    const refused = await check({ embeddingBaseURL: "http://127.0.0.1:9/v1" });
    if (!refused.ok || !refused.embedding || refused.embedding.ok) throw new Error("expected a failed embedding check");
    expect(refused.embedding.say(zh.settings.diagnosis)).toBe("无法连接 http://127.0.0.1:9/v1：服务器没有运行，或接口地址有误。");
  });
});

describe("the diagnosis tables", () => {
  /** Every function of a table called with marker arguments, by path: what each says and which arguments it keeps. */
  function outputs(table: unknown, path = ""): Record<string, string> {
    if (typeof table === "string") return { [path]: table };
    if (typeof table === "function") return { [path]: (table as (...a: unknown[]) => string)("«A»", "«B»", "«C»", "«D»") };
    return Object.assign({}, ...Object.entries(table as object).map(([k, v]) => outputs(v, `${path}.${k}`)));
  }
  const markers = (text: string) => (text.match(/«[A-D]»/g) ?? []).sort();

  it("Chinese says every English line, keeps the same arguments, and uses Chinese punctuation", () => {
    const english = outputs(en.settings.diagnosis);
    const chinese = outputs(zh.settings.diagnosis);
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
    for (const [path, text] of Object.entries(chinese)) {
      expect(markers(text), path).toEqual(markers(english[path]!));
      expect(text, path).toMatch(/\p{Script=Han}/u);
      expect(text, path).not.toMatch(/\p{Script=Han} ?[,:;?!()]|[,:;?!()] ?(?=\p{Script=Han})/u);
    }
  });
});
