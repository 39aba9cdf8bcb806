import { expect, test } from "vitest";
import { button, fillSample, METRIC_IDS, pageText, resultCard, scoreOf, statusLine, waitForIdle, useMock } from "./browser";
import { useE2E } from "./context";
import { wikiEvalSample } from "./fixtures";

const e2e = useE2E();

test("cancel mid-run: the run stops, unfinished metrics are 'cancelled' nulls, no NaN", async () => {
  const mock = await e2e.mock();
  const s = await e2e.open();
  const { page } = s;
  await useMock(page, mock.url);
  await fillSample(page, wikiEvalSample("Oppenheimer (film)"));

  // Every model request is held at the mock, unanswered: whatever the machine's speed, what is in
  // flight at Cancel is exactly what was sent, and no answer can start a later step.
  mock.gate.hold();
  await button(page, "Score").click();
  await button(page, "Cancel").waitFor({ state: "visible" });
  expect(await statusLine(page).innerText()).toMatch(/Scoring… \d of 5 metrics done\./);
  await expect.poll(() => mock.gate.parked, { timeout: 10_000 }).toBeGreaterThan(0);
  await button(page, "Cancel").click();
  await waitForIdle(page, 10_000);

  expect(await statusLine(page).innerText()).toBe("Cancelled. Finished metrics are kept.");
  expect(await button(page, "Cancel").count()).toBe(0);
  // The browser aborted every held request: the mock saw each connection close with no answer (status 0).
  await expect.poll(() => mock.inFlight, { timeout: 10_000 }).toBe(0);
  expect(mock.gate.parked).toBe(0);
  const modelRequests = () => mock.log.filter((r) => r.kind === "chat" || r.kind === "embedding");
  const sent = modelRequests().length;
  expect(sent).toBeGreaterThan(0);
  expect(modelRequests().map((r) => r.status)).toEqual(modelRequests().map(() => 0));
  for (const id of METRIC_IDS) {
    await scoreOf(page, id).waitFor({ timeout: 10_000 });
    expect(await scoreOf(page, id).innerText(), id).toBe("cancelled");
    expect(await resultCard(page, id).innerText(), id).toMatch(/No score|no score/);
  }
  expect(await pageText(page)).not.toMatch(/\bNaN\b/);
  // Nothing more was sent while the page showed all that (no answer ever came, so no step could follow one).
  expect(modelRequests()).toHaveLength(sent);
  expect(mock.inFlight).toBe(0);
});
