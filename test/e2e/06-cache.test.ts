import { expect, test } from "vitest";
import { button, field, fillSample, METRIC_IDS, resultCard, statusLine, waitForIdle, waitForScores, asScore, useMock } from "./browser";
import { useE2E } from "./context";
import { wikiEvalSample } from "./fixtures";

const e2e = useE2E();

test("re-scoring an unchanged sample is served from the cache: zero requests, and the page says cached", async () => {
  const mock = await e2e.mock();
  const s = await e2e.open();
  const { page } = s;
  await useMock(page, mock.url);
  await fillSample(page, wikiEvalSample("Oppenheimer (film)"));

  await button(page, "Score").click();
  const first = await waitForScores(page);
  await waitForIdle(page);
  for (const id of METRIC_IDS) asScore(first[id]);
  const sent = mock.log.length;
  expect(sent).toBeGreaterThan(0);

  // The second time by keyboard: Ctrl+Enter in a field scores like the button.
  await field(page, "Answer").press("Control+Enter");
  await expect.poll(() => page.locator(".history-list > li").count(), { timeout: 15_000 }).toBe(2);
  await waitForIdle(page);
  const second = await waitForScores(page);
  expect(second).toEqual(first);
  const again = mock.log.slice(sent).map((r) => `${r.method} ${r.path} ${r.schemaName ?? ""} ${r.status}`);
  expect(again, "requests made by the second run").toEqual([]);
  expect(await statusLine(page).innerText()).toBe("Scored from the cache: no requests were made.");
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
