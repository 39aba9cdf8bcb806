import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { button, useMock } from "./browser";
import { useE2E } from "./context";
import { runBatchFile } from "../mock/batch-answer";
import { importCsv, storedResults } from "./runs-helpers";

/**
 * Issue 18, what it must show 2: a run by batch in the page against the batch mock. Started, the
 * page reloaded while round 1 is still validating: the run goes on polling the same batch and
 * finishes; a second tab open on the same run submits nothing (the mock's log of created batches).
 * And the download / upload flow for a server without a batch API (the sync mock).
 * The page shows the flow on small datasets; the request counts at the size (12 rows: a
 * round 1 of 24 requests, two batches, every row stored) are test/app/runs/batch/batch-run.test.ts.
 */
const e2e = useE2E();

const batchStatus = (page: Page) => page.getByRole("status", { name: "Batch status" });

test("by batch: reload mid-round, the run polls on and finishes; a second tab submits nothing; Cancel batch cancels the next run at the provider", {
  timeout: 240_000,
}, async () => {
  // The batches stay in "validating" until the test lets the mock's clock run.
  const batch = await e2e.batchMock({ apiKey: "sk-test-e2e", autoAdvanceMs: 0 });
  const { page } = await e2e.open();
  await useMock(page, batch.url);
  await importCsv(page, "batch-4.csv", 4);

  // The probe found /files and /batches readable from the page: "Run by batch" is offered.
  const byBatch = page.getByRole("checkbox", { name: "Run by batch" });
  await expect.poll(() => byBatch.isEnabled(), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => page.getByRole("form", { name: "New run" }).innerText()).toContain("answers its batch API from this page");
  await byBatch.check();
  // The estimate by batch: faithfulness (statements, then verdicts) and context_recall: two rounds. The
  // mock's model has no price: the line says so instead of a dash for the cost.
  await expect
    .poll(() => page.getByLabel("Before you start").innerText())
    .toMatch(/by batch: 2 rounds one after another, each within the provider's 24-hour completion window \(no price for this model: Settings → Prices\)/);

  await button(page, "Start run").click();
  await expect.poll(() => batch.created.length, { timeout: 20_000 }).toBe(1);
  // Round 1: faithfulness' statements and context_recall's verdicts, one chat batch of 8 requests (2 a row).
  expect(batch.created[0]!.customIds).toHaveLength(8);
  await expect.poll(() => batchStatus(page).innerText(), { timeout: 20_000 }).toMatch(/round 1 chat \(8 requests\) \S+: validating/);

  // The URL names the dataset and the run: the reload lands on them.
  await page.reload();
  await page.getByRole("form", { name: "New run" }).waitFor({ timeout: 20_000 });
  await useMock(page, batch.url);
  // Polled again after the reload: the same batch, none created.
  await expect.poll(() => batchStatus(page).innerText(), { timeout: 30_000 }).toMatch(/round 1 chat \(8 requests\) \S+: validating/);
  expect(batch.created).toHaveLength(1);

  // A second tab on the same run (same origin, same IndexedDB): the first one drives it.
  const second = await page.context().newPage();
  await second.goto(page.url());
  await second.getByRole("form", { name: "New run" }).waitFor({ timeout: 20_000 });
  await useMock(second, batch.url);
  await expect.poll(() => batchStatus(second).innerText(), { timeout: 20_000 }).toContain("Another tab is driving this batch run");

  // The provider's clock runs: each poll moves it an hour, so every batch completes at its next poll.
  batch.configure({ autoAdvanceMs: 3_600_000 });
  await expect.poll(() => batchStatus(page).innerText(), { timeout: 120_000, interval: 500 }).toContain("Finished: 2 rounds, 2 batches.");
  await second.close();

  // Two batches in all (round 1, round 2's verdicts), every custom_id sent once.
  expect(batch.created).toHaveLength(2);
  const ids = batch.created.flatMap((b) => b.customIds);
  expect(new Set(ids).size).toBe(ids.length);
  expect(batch.log.filter((r) => r.method === "POST" && /\/batches$/.test(r.path))).toHaveLength(2);

  // The results are the run's, stored as a sync run's are: every row scored or coded.
  const rows = await storedResults(page);
  expect(rows).toHaveLength(4);
  for (const row of rows) {
    for (const id of ["faithfulness", "context_recall"]) {
      const m = row.metrics[id];
      expect(m, `${row.sampleId} ${id}`).toBeDefined();
      expect(m!.score !== null || m!.code !== undefined).toBe(true);
    }
  }
  expect(rows.flatMap((r) => Object.values(r.metrics)).filter((m) => m.score !== null).length).toBeGreaterThan(6);

  // Cancel batch (in the same page, on the same dataset): a second run by batch, stopped while its
  // first batch still validates, is cancelled at the provider, and the run is listed as cancelled.
  batch.configure({ autoAdvanceMs: 0 });
  // The reloaded page's box starts unticked: ticked again once the probe offers it.
  await expect.poll(() => byBatch.isEnabled(), { timeout: 20_000 }).toBe(true);
  await byBatch.check();
  await button(page, "Start run").click();
  await expect.poll(() => batch.created.length, { timeout: 20_000 }).toBe(3);
  const running = batch.created[2]!;
  await batchStatus(page).getByRole("button", { name: "Cancel batch" }).click();
  await expect.poll(() => batchStatus(page).innerText(), { timeout: 20_000 }).toContain("Cancelled: the batches still running were cancelled at the provider.");
  expect(batch.log.filter((r) => r.method === "POST" && r.path.endsWith(`/batches/${running.id}/cancel`))).toHaveLength(1);
  await expect.poll(() => page.getByRole("list").filter({ hasText: "cancelled" }).count()).toBeGreaterThan(0);
  // Nothing more is submitted after the cancel.
  expect(batch.created).toHaveLength(3);
});

test("no batch API: the probe says why, and Download batch file / Upload results finish the run round by round", { timeout: 240_000 }, async () => {
  const mock = await e2e.mock();
  const { page } = await e2e.open();
  await useMock(page, mock.url);
  await importCsv(page, "files-6.csv", 6);
  const form = page.getByRole("form", { name: "New run" });
  await expect.poll(() => form.innerText(), { timeout: 20_000 }).toContain("has no batch API");
  expect(await page.getByRole("checkbox", { name: "Run by batch" }).isDisabled()).toBe(true);

  const rounds: number[] = [];
  for (let round = 1; round <= 2; round++) {
    const [download] = await Promise.all([page.waitForEvent("download"), button(page, "Download batch file").click()]);
    expect(download.suggestedFilename()).toMatch(/-chat-1\.input\.jsonl$/);
    const path = await download.path();
    const text = (await import("node:fs")).readFileSync(path, "utf8");
    rounds.push(text.trim().split("\n").length);
    // Between a download and its results the run waits, round by round: never "interrupted" (issue 26).
    const runsList = page.getByRole("list").filter({ hasText: "waiting for batch results" });
    await expect.poll(() => runsList.innerText()).toContain(`waiting for batch results (round ${round} of 2, file 1 of 1: chat)`);
    expect(await page.getByRole("list").filter({ hasText: "interrupted" }).count()).toBe(0);
    await page
      .getByLabel("Batch results file")
      .setInputFiles({ name: `round-${round}.output.jsonl`, mimeType: "application/jsonl", buffer: Buffer.from(runBatchFile(text)) });
    if (round === 1)
      await expect
        .poll(() => batchStatus(page).innerText())
        .toContain('Round 1\'s results are all in: "Download batch file" gives round 2. 12 results of this run in so far.');
  }
  // Round 1: statements and recall verdicts (6 + 6); round 2: faithfulness' verdicts (6).
  expect(rounds).toEqual([12, 6]);
  await expect.poll(() => batchStatus(page).innerText()).toContain("Every result is in: the run is finished.");
  // Nothing went to the server: the files carried every request.
  expect(mock.log.filter((r) => r.kind === "chat")).toHaveLength(0);
  const rows = await storedResults(page);
  expect(rows).toHaveLength(6);
  expect(rows.flatMap((r) => Object.values(r.metrics)).filter((m) => m.score !== null).length).toBeGreaterThan(8);
});
