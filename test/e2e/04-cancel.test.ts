import { expect, test } from "vitest";
import { button, fillSample, METRIC_IDS, pageText, resultCard, scoreOf, statusLine, waitForIdle, useMock } from "./browser";
import { useE2E } from "./context";
import { wikiEvalSample } from "./fixtures";

const e2e = useE2E();

test("cancel mid-run: the run stops, unfinished metrics are 'cancelled' nulls, no NaN", async () => {
  const mock = await e2e.mock({ latencyMs: 1500 });
  const s = await e2e.open();
  const { page } = s;
  await useMock(page, mock.url);
  await fillSample(page, wikiEvalSample("Oppenheimer (film)"));

  await button(page, "Score").click();
  await button(page, "Cancel").waitFor({ state: "visible" });
  expect(await statusLine(page).innerText()).toMatch(/Scoring… \d of 5 metrics done\./);
  // Wait until the first requests are in flight at the mock, then cancel before any answers.
  await expect.poll(() => mock.inFlight, { timeout: 5_000 }).toBeGreaterThan(0);
  await button(page, "Cancel").click();
  await waitForIdle(page, 5_000);

  expect(await statusLine(page).innerText()).toBe("Cancelled. Finished metrics are kept.");
  expect(await button(page, "Cancel").count()).toBe(0);
  // The browser aborted the open requests: nothing stays in flight, nothing new is sent.
  await expect.poll(() => mock.inFlight, { timeout: 5_000 }).toBe(0);
  const sent = mock.log.length;
  await page.waitForTimeout(2_000);
  expect(mock.log.length).toBe(sent);

  for (const id of METRIC_IDS) {
    await scoreOf(page, id).waitFor({ timeout: 2_000 });
    expect(await scoreOf(page, id).innerText(), id).toBe("cancelled");
    expect(await resultCard(page, id).innerText(), id).toMatch(/No score|no score/);
  }
  expect(await pageText(page)).not.toMatch(/\bNaN\b/);
});
