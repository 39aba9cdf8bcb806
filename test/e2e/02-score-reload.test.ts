import { expect, test } from "vitest";
import { asScore, button, field, fillSample, METRIC_IDS, resultCard, statusLine, waitForBoot, waitForIdle, waitForScores, useMock } from "./browser";
import { useE2E } from "./context";
import { MOCK_EMBEDDING_MODEL, MOCK_MODEL, wikiEvalSample } from "./fixtures";

const e2e = useE2E();
const sample = wikiEvalSample("Oppenheimer (film)");

test("paste the WikiEval Oppenheimer sample, score it against the mock: five scores, five traces; a reload keeps both; re-scoring it is served from the cache (zero requests, 'cached') unless Bypass cache is on", async () => {
  const mock = await e2e.mock();
  const s = await e2e.open();
  const { page } = s;

  await useMock(page, mock.url);
  await fillSample(page, sample);
  await button(page, "Score").click();

  const scores = await waitForScores(page);
  await waitForIdle(page);
  for (const id of METRIC_IDS) asScore(scores[id]);
  // The answer restates its (single) context and is its own reference: a careful judge says so.
  expect(asScore(scores.faithfulness)).toBe(1);
  expect(asScore(scores.context_recall)).toBe(1);
  expect(asScore(scores.context_precision)).toBe(1);
  expect(await statusLine(page).innerText()).toMatch(/Scored 5 metrics in \d+\.\d s\./);

  // The requests reached the mock, with the key and the chosen models.
  const chat = mock.log.filter((r) => r.kind === "chat");
  const embeddings = mock.log.filter((r) => r.kind === "embedding");
  expect(chat.length).toBeGreaterThanOrEqual(5);
  expect(embeddings.length).toBeGreaterThanOrEqual(1);
  expect(chat.every((r) => r.status === 200 && r.model === MOCK_MODEL && r.headers.authorization === "Bearer sk-test-e2e")).toBe(true);
  expect(embeddings.every((r) => r.model === MOCK_EMBEDDING_MODEL)).toBe(true);

  await expectTraces(page);

  // Reload: the sample and its results come back from IndexedDB.
  await page.reload();
  await waitForBoot(page);
  await expect.poll(() => field(page, "Question").inputValue()).toBe(sample.question);
  expect(await field(page, "Answer").inputValue()).toBe(sample.answer);
  expect(await field(page, "Context 1").inputValue()).toBe(sample.contexts[0]);
  expect(await field(page, "Reference").inputValue()).toBe(sample.reference);
  const after = await waitForScores(page, METRIC_IDS, 10_000);
  expect(after).toEqual(scores);
  await expectTraces(page);
  // Issue 26: the strip above the cards says every score; a click brings its card into focus.
  const strip = page.getByRole("navigation", { name: "Scores" });
  for (const id of METRIC_IDS) expect(await strip.getByTestId(`strip-${id}`).innerText(), id).toBe(scores[id]);
  await strip.locator("li button").last().click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("context_recall result");

  // Re-scoring the unchanged sample (this was test/e2e/06-cache.test.ts, in its own page) is served
  // from the response cache, kept in IndexedDB across the reload. By keyboard: Ctrl+Enter in a field
  // scores like the button.
  const sent = mock.log.length;
  expect(sent).toBeGreaterThan(0);
  const history = await page.locator(".history-list > li").count();
  await field(page, "Answer").press("Control+Enter");
  await expect.poll(() => statusLine(page).innerText(), { timeout: 15_000 }).toBe("Scored from the cache: no requests were made.");
  await waitForIdle(page);
  // Issue 26: the same sample scored the same way again is one History row (its time moves), not two.
  expect(await page.locator(".history-list > li").count()).toBe(history);
  const second = await waitForScores(page);
  expect(second).toEqual(scores);
  const again = mock.log.slice(sent).map((r) => `${r.method} ${r.path} ${r.schemaName ?? ""} ${r.status}`);
  expect(again, "requests made by the second run").toEqual([]);
  for (const id of METRIC_IDS) {
    expect(await resultCard(page, id).getByText("cached", { exact: true }).first().isVisible(), id).toBe(true);
  }
  expect(await page.getByTestId("usage").innerText()).toMatch(/cached/);

  // The switch bypasses the cache: the same sample goes to the server again.
  await page.getByRole("switch", { name: "Bypass cache" }).check();
  await button(page, "Score").click();
  await expect.poll(() => statusLine(page).innerText(), { timeout: 15_000 }).toMatch(/^Scored 5 metrics in/);
  expect(mock.log.length).toBeGreaterThan(sent);
});

async function expectTraces(page: import("playwright-core").Page): Promise<void> {
  // faithfulness: the answer's statements, each supported or not, with the answer's own words.
  const faith = resultCard(page, "faithfulness");
  const statements = faith.locator("ol > li");
  expect(await statements.count()).toBeGreaterThanOrEqual(2);
  const faithText = await faith.innerText();
  expect(faithText).toContain("Christopher Nolan");
  expect(faithText).toContain("Cillian Murphy");
  for (const text of await statements.allInnerTexts()) expect(text).toMatch(/\b(supported|not supported)\b/);

  // answer relevancy: generated questions with a similarity and the noncommittal flag.
  const rel = resultCard(page, "answer_relevancy");
  const rows = rel.locator("tbody tr");
  expect(await rows.count()).toBeGreaterThanOrEqual(1);
  for (const text of await rows.allInnerTexts()) expect(text).toMatch(/-?\d\.\d\d[\s\S]*(committal|noncommittal)/);

  // context relevance: the needed sentences highlighted inside the context.
  const ctxRel = resultCard(page, "context_relevance");
  expect(await ctxRel.locator("li mark").count()).toBeGreaterThanOrEqual(1);
  expect(await ctxRel.innerText()).toMatch(/\d+ of \d+ sentences needed/);

  // context precision: each context with its verdict and precision@k.
  const prec = resultCard(page, "context_precision");
  expect(await prec.innerText()).toMatch(/Context 1[\s\S]*\buseful\b[\s\S]*precision@1 = 1\.00/);

  // context recall: the reference's statements, attributed or not.
  const recall = resultCard(page, "context_recall");
  const recallItems = recall.locator("ol > li");
  expect(await recallItems.count()).toBeGreaterThanOrEqual(1);
  for (const text of await recallItems.allInnerTexts()) expect(text).toMatch(/\b(attributed|not attributed)\b/);

  // Every card's call log can be opened.
  for (const id of ["faithfulness", "context_recall"] as const) {
    expect(await resultCard(page, id).innerText()).toMatch(/Call log \(\d+ calls?\)/);
  }
}
