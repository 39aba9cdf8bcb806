import { expect, test } from "vitest";
import { button, fillSettings, closeSettings, METRIC_IDS, asScore, resultCard, statusLine, waitForIdle, waitForScores, field, useMock } from "./browser";
import { useE2E } from "./context";
import { MOCK_EMBEDDING_MODEL, MOCK_MODEL } from "./fixtures";
import { zh } from "../../src/app/shared/i18n/zh";

const e2e = useE2E();
const HAN = /\p{Script=Han}/u;

test("the built-in examples: without a key the demo judge scores the English and the Chinese one ('Demo judge', Chinese statements) and nothing reaches the mock; then the Chinese one scores against the mock in the Chinese UI", async () => {
  const mock = await e2e.mock();
  const s = await e2e.open();
  const { page } = s;
  // A hosted endpoint with no key: OpenAI needs one, so the demo judge answers. (A loopback URL is a
  // local server, which needs no key: the provider select follows the typed URL.)
  await fillSettings(page, { baseURL: "https://api.openai.com/v1", apiKey: "", model: MOCK_MODEL, embeddingModel: MOCK_EMBEDDING_MODEL });
  await closeSettings(page);

  await button(page, "English example").click();
  expect(await field(page, "Question").inputValue()).not.toBe("");
  // Before Score, the form says the demo judge will answer.
  await page
    .getByText(/Demo judge/)
    .first()
    .waitFor();
  await button(page, "Score").click();
  const scores = await waitForScores(page);
  await waitForIdle(page);
  for (const id of METRIC_IDS) asScore(scores[id]);

  const results = page.locator("#results");
  expect(
    await results
      .getByText(/Demo judge/)
      .first()
      .isVisible(),
  ).toBe(true);
  expect(await resultCard(page, "faithfulness").locator("ol > li").count()).toBeGreaterThanOrEqual(2);

  // The Chinese example in the same page, still without a key: the demo judge writes Chinese statements.
  await button(page, "Chinese example").click();
  await expect.poll(() => statusLine(page).innerText()).toMatch(/^Loaded: /);
  expect(await field(page, "Question").inputValue()).toMatch(HAN);
  await button(page, "Score").click();
  await expect.poll(() => statusLine(page).innerText(), { timeout: 30_000 }).toMatch(/^Scored 5 metrics in /);
  const chinese = await waitForScores(page);
  await waitForIdle(page);
  for (const id of METRIC_IDS) asScore(chinese[id]);
  await expectChineseTraces(page);

  expect(mock.log).toEqual([]);
  expect(s.requests.filter((url) => url.startsWith(new URL(mock.url).origin))).toEqual([]);

  // The same page with the mock and its key, in the Chinese UI: the Chinese example is scored by the mock.
  await useMock(page, mock.url);
  await page.getByRole("button", { name: "中文", exact: true }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
  // Contract 7: in the Chinese UI the controls are named by their Chinese labels (the catalogue's).
  await button(page, zh.sample.exampleZh).click();
  await expect.poll(() => statusLine(page).innerText()).toMatch(/^已载入：/);
  expect(await field(page, zh.sample.question).inputValue()).toMatch(HAN);
  await button(page, zh.sample.score).click();
  // The status line, in Chinese: this run's five metrics are in (the cards are not the demo judge's).
  await expect.poll(() => statusLine(page).innerText(), { timeout: 30_000 }).toMatch(/^已为 5 个指标打分，用时 /);
  const mocked = await waitForScores(page);
  await waitForIdle(page);
  for (const id of METRIC_IDS) asScore(mocked[id]);
  expect(mock.log.filter((r) => r.kind === "chat").length).toBeGreaterThanOrEqual(5);
  await expectChineseTraces(page);
  expect(await statusLine(page).innerText()).toMatch(HAN);
});

async function expectChineseTraces(page: import("playwright-core").Page): Promise<void> {
  const statements = await resultCard(page, "faithfulness").locator("ol > li .item-text").allInnerTexts();
  expect(statements.length).toBeGreaterThanOrEqual(2);
  for (const text of statements) expect(text).toMatch(HAN);
  const recall = await resultCard(page, "context_recall").locator("ol > li .item-text").allInnerTexts();
  expect(recall.length).toBeGreaterThanOrEqual(1);
  for (const text of recall) expect(text).toMatch(HAN);
  expect(await resultCard(page, "context_relevance").locator("mark").count()).toBeGreaterThanOrEqual(1);
}
