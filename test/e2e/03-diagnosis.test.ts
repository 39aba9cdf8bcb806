import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import {
  button,
  closeSettings,
  consoleLeaks,
  fillSample,
  fillSettings,
  METRIC_IDS,
  openSettings,
  pageText,
  resultCard,
  waitForIdle,
  waitForScores,
} from "./browser";
import { useE2E } from "./context";
import { setLanguage } from "./views-helpers";
import { MOCK_EMBEDDING_MODEL, MOCK_MODEL, wikiEvalSample } from "./fixtures";

const e2e = useE2E();
const WRONG_KEY = "sk-wrong-key-e2e-1234567890";

async function testConnection(page: Page): Promise<string> {
  await openSettings(page);
  const result = page.getByTestId("connection-result");
  await button(page, "Test connection").click();
  await expect.poll(async () => (await result.innerText()).trim(), { timeout: 15_000 }).not.toBe("");
  return (await result.innerText()).trim();
}

/** Each provider's fix for a server without CORS headers; Ollama last, so the scoring below runs with it. */
const PROVIDERS = [
  { label: "LM Studio", fix: () => "Enable CORS" },
  { label: "Custom", fix: (origin: string) => `allow ${origin} in its CORS settings` },
  { label: "Ollama", fix: (origin: string) => `OLLAMA_ORIGINS=${origin}` },
];

test("the diagnosis in Settings and on the cards: a wrong API key is named as rejected (and never reaches the console); a server without CORS headers is named as CORS, with Ollama's, LM Studio's and Custom's fix", async () => {
  const mock = await e2e.mock({ apiKey: "right-key" });
  const s = await e2e.open();
  const { page } = s;
  await fillSettings(page, { baseURL: mock.url, apiKey: WRONG_KEY, model: MOCK_MODEL, embeddingModel: MOCK_EMBEDDING_MODEL });

  const diagnosis = await testConnection(page);
  expect(diagnosis).toMatch(/Connection failed/);
  expect(diagnosis).toMatch(/rejected the API key \(HTTP 401\)/);
  expect(diagnosis).not.toContain(WRONG_KEY);
  // The connection test makes exactly one call, without retries.
  expect(mock.log.filter((r) => r.kind === "chat")).toHaveLength(1);
  expect(mock.log.find((r) => r.kind === "chat")?.status).toBe(401);
  // In Chinese the check says the same in Chinese: the facts, the fix, no key.
  await closeSettings(page);
  await setLanguage(page, "zh");
  await openSettings(page);
  await page.getByRole("button", { name: "测试连接", exact: true }).click();
  await expect
    .poll(async () => (await page.getByTestId("connection-result").innerText()).trim(), { timeout: 15_000 })
    .toBe(`连接失败：${mock.url} 的服务器拒绝了 API 密钥（HTTP 401）。请检查 API 密钥。`);
  await closeSettings(page);
  await setLanguage(page, "en");

  // Scoring with the same key: every metric is a coded null that names the key problem.
  await closeSettings(page);
  await fillSample(page, wikiEvalSample("Oppenheimer (film)"));
  await button(page, "Score").click();
  const codes = await waitForScores(page);
  await waitForIdle(page);
  // Issue 26: the one error every metric shares is said once, above the cards; each card points there.
  const allFailed = page.getByTestId("all-failed");
  expect(await allFailed.innerText()).toMatch(/^All 5 metrics failed: .*(key|401)/i);
  for (const id of METRIC_IDS) {
    expect(codes[id], id).toMatch(/^[a-z_]+$/);
    expect(await resultCard(page, id).innerText(), id).toContain("the model endpoint failed: the error is said above the results.");
  }
  // A 401 is not retried.
  expect(mock.log.filter((r) => r.kind === "chat" || r.kind === "embedding").every((r) => r.status === 401)).toBe(true);

  expect(consoleLeaks(s, WRONG_KEY)).toEqual([]);
  expect(await pageText(page)).not.toContain(WRONG_KEY);
  expect(await page.content()).not.toContain(WRONG_KEY.slice(3));

  // A server without CORS headers, in the same page (switching the provider in Settings is what a
  // user does): each provider's diagnosis is checked against a working server first, so the
  // difference is only CORS.
  const good = await e2e.mock();
  const blocked = await e2e.mock({ cors: "none" });
  const origin = new URL(e2e.appUrl).origin;

  for (const provider of PROVIDERS) {
    // First the working server, so the difference is only the CORS headers.
    await fillSettings(page, { provider: provider.label, baseURL: good.url, model: MOCK_MODEL, embeddingModel: MOCK_EMBEDDING_MODEL });
    expect(await testConnection(page), provider.label).toMatch(/^Connected: the model answered in \d+ ms\.($|\n)/);

    const reached = blocked.log.length;
    await fillSettings(page, { baseURL: blocked.url });
    const diagnosis = await testConnection(page);
    expect(diagnosis, provider.label).toMatch(/Connection failed/);
    expect(diagnosis, provider.label).toMatch(/CORS/);
    expect(diagnosis, provider.label).toContain(`Could not reach ${blocked.url}`);
    expect(diagnosis, provider.label).toContain(provider.fix(origin));
    // The request did reach the server; the browser refused to hand over the answer.
    expect(blocked.log.length, provider.label).toBeGreaterThanOrEqual(reached + 1);
  }

  // Scoring against the blocked server (Ollama): coded nulls whose message names the network/CORS problem.
  await fillSettings(page, { apiKey: "sk-test-e2e" });
  await closeSettings(page);
  await fillSample(page, wikiEvalSample("Oppenheimer (film)"));
  await button(page, "Score").click();
  // The wrong key's banner stays until this run ends: wait for the blocked server's.
  await expect.poll(() => allFailed.innerText(), { timeout: 50_000 }).toContain(`Could not reach ${blocked.url}`);
  const blockedCodes = await waitForScores(page, METRIC_IDS, 50_000);
  await waitForIdle(page);
  expect(await allFailed.innerText()).toMatch(/CORS/);
  for (const id of METRIC_IDS) {
    expect(blockedCodes[id], id).toBe("llm_error");
    expect(await resultCard(page, id).innerText(), id).toContain("the model endpoint failed: the error is said above the results.");
  }
});
