import { expect, test } from "vitest";
import { button, closeSettings, field, openSettings, useMock } from "./browser";
import { useE2E } from "./context";
import { finished, importCsv, openDatasets, progress, sampleOfBody, storedResults } from "./runs-helpers";
import { isPing } from "./runs-trust-helpers";

/**
 * What-it-must-show 1, in the page: a run reloaded in the middle is announced as interrupted, Resume
 * run finishes it without asking a finished row again, and Retry failed asks again only about the
 * rows whose null came from an error, with the judge model the run was started with.
 *
 * The page shows this on 24 rows with a few scripted 500s. The full size (200 rows against
 * the mock with random 500s and cut-off replies: every row scored or coded, per-row request counts,
 * the 600-request estimate) and two runs of one dataset with two judge models are asserted in Node
 * through the same run actions, in test/app/runs/resume-faults.test.ts.
 */
const e2e = useE2E();

const errorRows = (rows: Awaited<ReturnType<typeof storedResults>>) =>
  new Set(rows.filter((r) => Object.values(r.metrics).some((m) => m.code === "llm_error" || m.code === "parse_error")).map((r) => r.sampleId));

test("reload mid-run, Resume run finishes it asking no finished row again; Retry failed asks only the error rows, with the run's own judge model", {
  timeout: 180_000,
}, async () => {
  const mock = await e2e.mock({ latencyMs: 100 });
  const { page } = await e2e.open();
  await useMock(page, mock.url);
  await importCsv(page, "faults-24.csv", 24);

  await page.getByLabel("Concurrency").fill("2");
  // Each run chooses its judge model in the form; it keeps it (Settings' model changes below).
  await page.getByLabel("Run judge model", { exact: true }).fill("judge-a");
  // The estimate is there before starting: requests for 24 rows x (faithfulness 2 + recall 1).
  await expect.poll(() => page.getByLabel("Before you start").innerText()).toContain("≈ 72 requests");
  await button(page, "Start run").click();
  await expect.poll(() => finished(page), { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(4);
  // The URL names the run (issue 17): the reload lands on it, not on the playground.
  await page.reload();
  await progress(page).waitFor({ state: "visible", timeout: 20_000 });

  const before = await storedResults(page);
  const done = new Set(before.map((r) => r.sampleId));
  expect(done.size).toBeGreaterThanOrEqual(4);
  expect(done.size).toBeLessThan(24);

  // The key lived in memory only: the reload forgot it, so enter it again. No retries from here
  // on, so the scripted 500s become llm_error nulls for "Retry failed" below.
  await useMock(page, mock.url);
  await openSettings(page);
  await field(page, "Retries").fill("0");
  await closeSettings(page);
  await openDatasets(page);
  await page
    .getByRole("navigation", { name: "Stored datasets" })
    .getByRole("button", { name: /faults-24/ })
    .first()
    .click();
  await expect.poll(() => page.getByText("This run was interrupted").count()).toBe(1);
  expect(await finished(page)).toBe(done.size);

  mock.resetLog();
  // The next three chat requests fail (the connection check may take one; the run gets the rest).
  mock.enqueue({ status: 500 }, { status: 500 }, { status: 500 });
  await button(page, "Resume run").click();
  await expect.poll(() => finished(page), { timeout: 120_000 }).toBe(24);
  await expect.poll(() => button(page, "Pause run").count()).toBe(0);

  // The run's own requests (the connection check before a resume asks about no sample).
  const chat = mock.log.filter((r) => r.kind === "chat" && !isPing(r));
  expect(
    chat.map((r) => sampleOfBody(r.body)).filter((id) => done.has(id)),
    "no request for a row finished before the reload",
  ).toEqual([]);
  expect(chat.filter((r) => r.status === 500).length).toBeGreaterThan(0);

  const after = await storedResults(page);
  expect(after).toHaveLength(24);
  expect(new Set(after.map((r) => r.sampleId)).size).toBe(24);
  for (const row of after) {
    for (const id of ["faithfulness", "context_recall"]) {
      const m = row.metrics[id]!;
      expect(m, `${row.sampleId} ${id}`).toBeDefined();
      if (m.score === null) expect(m.code, `${row.sampleId} ${id}`).toMatch(/^(llm_error|parse_error|no_statements|internal_error)$/);
      else expect(m.score).toBeGreaterThanOrEqual(0);
    }
  }
  // Retry failed: asks again only about the rows whose null came from an error.
  const retryable = errorRows(after);
  expect(retryable.size, "the 500s became llm_error nulls").toBeGreaterThan(0);
  // A run keeps the models it started with: a model changed in Settings since does not leak in.
  await openSettings(page);
  await field(page, "Model").fill("changed-in-settings");
  await closeSettings(page);
  mock.resetLog();
  await button(page, "Retry failed").click();
  // Over once it has asked something and is no longer live (nothing in flight at the mock).
  await expect
    .poll(async () => mock.log.some((r) => r.kind === "chat" && !isPing(r)) && mock.inFlight === 0 && (await button(page, "Pause run").count()) === 0, {
      timeout: 30_000,
      interval: 50,
    })
    .toBe(true);
  const retried = new Set(mock.log.filter((r) => r.kind === "chat" && !isPing(r)).map((r) => sampleOfBody(r.body)));
  expect(new Set(mock.log.filter((r) => r.kind === "chat").map((r) => r.model))).toEqual(new Set(["judge-a"]));
  expect(retried.size).toBeGreaterThan(0);
  expect(
    [...retried].filter((id) => !retryable.has(id)),
    "no request for a row without an error null",
  ).toEqual([]);
  // No fault is left at the mock: every retried row is scored now.
  const final = await storedResults(page);
  expect(final).toHaveLength(24);
  expect(errorRows(final).size).toBe(0);

  // The results explorer shows the finished run.
  await page.getByRole("region", { name: "Results explorer" }).waitFor({ timeout: 20_000 });
});
