import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { button, tab, useMock, waitForBoot } from "./browser";
import { useE2E } from "./context";
import { finished, importCsv, progress } from "./runs-helpers";
import { isPing, requestKey, storeCounts } from "./runs-trust-helpers";

/**
 * Issue 17, what it must show 1-3: a run's report comes from its own snapshot; deleting a dataset
 * with runs asks and leaves nothing behind; Pause loses no request and the report counts every
 * one; the URL lands on the run after a reload, an interrupted run is announced, and a second
 * tab watches a run without running it again. The logic under these (the snapshot against row
 * edits, Pause/Resume bookkeeping, what a deletion clears in both databases) is asserted in Node:
 * test/app/runs/run-service.test.ts and test/app/datasets/remove-live-run.test.ts; the request
 * counts across a Pause and Resume against the mock, the report's usage equal to the mock's count
 * and the lock that keeps another tab from running a live run: test/app/runs/pause-resume.test.ts.
 */
const e2e = useE2E();

async function exportReport(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), button(page, "Export report").click()]);
  return readFile((await download.path())!, "utf8");
}

const idle = async (page: Page) => (await button(page, "Pause run").count()) === 0;

/** A reload that lands on a run's page: its progress bar, not the playground's form. */
async function reloadOnRun(page: Page): Promise<void> {
  await page.reload();
  await progress(page).waitFor({ state: "visible", timeout: 20_000 });
}

test("Pause lets the requests in flight finish and Resume goes on; reload lands on the run; the interrupted run is announced; a second tab watches it live and cannot run it", {
  timeout: 120_000,
}, async () => {
  const mock = await e2e.mock({ latencyMs: 200 });
  const session = await e2e.open();
  const { page } = session;
  await useMock(page, mock.url);
  await importCsv(page, "tabs-12.csv", 12);
  await page.getByLabel("Concurrency").fill("2");
  mock.resetLog();
  await button(page, "Start run").click();

  // Pause: the requests in flight finish, every one answered and recorded (3 per finished sample),
  // then Resume is offered. The counts across the whole pause and resume, with the report's usage
  // equal to the mock's count: test/app/runs/pause-resume.test.ts, through the same run actions.
  await expect.poll(() => finished(page), { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(1);
  await button(page, "Pause run").click();
  await expect.poll(() => idle(page), { timeout: 30_000 }).toBe(true);
  expect(await button(page, "Resume run").isEnabled()).toBe(true);
  expect(mock.inFlight).toBe(0);
  const pausedAt = await finished(page);
  expect(pausedAt).toBeLessThan(12);
  const firstSession = mock.log.filter((r) => r.kind === "chat" && !isPing(r));
  expect(firstSession.map((r) => r.status)).toEqual(firstSession.map(() => 200));
  expect(firstSession).toHaveLength(pausedAt * 3);

  // Slower answers from here: the run stays live through the reload and while the second tab opens it.
  mock.configure({ latencyMs: 300 });
  await button(page, "Resume run").click();
  await expect.poll(() => button(page, "Pause run").count(), { timeout: 10_000 }).toBe(1);
  await expect.poll(() => finished(page), { timeout: 30_000, interval: 50 }).toBeGreaterThan(pausedAt);
  const runUrl = page.url();
  expect(runUrl).toMatch(/#\/datasets\/[^/]+\/runs\/[^/]+$/);

  await reloadOnRun(page);
  expect(page.url()).toBe(runUrl);
  await page.getByText("This run was interrupted").waitFor();
  await expect.poll(() => button(page, "Open interrupted run").count()).toBe(1);

  // A second tab on the playground: the run is announced there, with where it stopped.
  const tab2 = await session.context.newPage();
  const tab2Requests: string[] = [];
  tab2.on("request", (r) => tab2Requests.push(r.url()));
  await tab2.goto(e2e.appUrl);
  await waitForBoot(tab2);
  const alert = tab2.getByRole("alert").filter({ has: button(tab2, "Open interrupted run") });
  await expect.poll(() => alert.innerText(), { timeout: 10_000 }).toContain(`stopped at ${await finished(page)} of 12 samples`);

  // The first tab resumes (the key lived in memory: enter it again).
  await useMock(page, mock.url);
  mock.resetLog();
  await button(page, "Resume run").click();
  await expect.poll(() => button(page, "Pause run").count(), { timeout: 10_000 }).toBe(1);

  // The second tab opens it: running in another tab, no Resume, progress moving as it is saved. The
  // mock holds every request from here and lets one through only when the second tab has caught up
  // with the first, so the run cannot finish between two of the second tab's reads however fast or
  // slow the machine is (it did, on a loaded machine, with the run free to go on).
  mock.gate.hold();
  // Once the first tab drives the run again, the second tab's alert goes (it asks again every few
  // seconds); the run's own link still opens it there, read-only.
  await expect.poll(() => button(tab2, "Open interrupted run").count(), { timeout: 30_000 }).toBe(0);
  await tab2.goto(runUrl);
  await tab2.getByText("Another tab is running this run").waitFor({ timeout: 20_000 });
  expect(await button(tab2, "Resume run").count()).toBe(0);
  const seen: number[] = []; // what the second tab showed, from the first time it agreed with the first tab
  const watch = async () => {
    const shown = await finished(tab2);
    const caughtUp = shown === (await finished(page));
    if ((caughtUp || seen.length > 0) && seen.at(-1) !== shown) seen.push(shown);
    if (caughtUp && mock.inFlight > 0 && mock.gate.parked === mock.inFlight) mock.gate.allow(1);
    return seen.length;
  };
  await expect.poll(watch, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(2);
  expect(seen[0], "held early: the run is far from done").toBeLessThan(11);
  mock.gate.release();
  await expect.poll(watch, { timeout: 90_000, interval: 200 }).toBeGreaterThanOrEqual(3);
  await expect.poll(() => finished(tab2), { timeout: 90_000, interval: 200 }).toBe(12);
  expect(
    seen.slice(0, 2).every((n) => n < 12),
    `the second tab showed the progress as it moved: ${seen.join(" -> ")}`,
  ).toBe(true);
  expect(
    [...seen].sort((a, b) => a - b),
    "progress only moves forward",
  ).toEqual(seen);
  await expect.poll(() => idle(page), { timeout: 20_000 }).toBe(true);
  const asked = mock.log.filter((r) => r.kind === "chat" && !isPing(r));
  expect(new Set(asked.map(requestKey)).size, "no request sent twice after the resume").toBe(asked.length);
  // The run form's batch probe (one GET each of /files and /batches, no cost) is not the run's: the
  // watching tab sends none of the run's requests (chat, embeddings, the connection check).
  const probe = [`${mock.url}/files?purpose=batch&limit=1`, `${mock.url}/batches?limit=1`];
  expect(
    tab2Requests.filter((u) => u.startsWith(mock.url) && !probe.includes(u)),
    "the watching tab sent nothing",
  ).toEqual([]);

  // Back and forward: the playground, then the run again.
  await tab(page, "Playground").click();
  await expect.poll(() => page.url()).toMatch(/#\/$/);
  await page.goBack();
  await progress(page).waitFor({ state: "visible" });
  expect(page.url()).toBe(runUrl);
  await tab2.close();
});

test("a run's report is its own: it survives a reload and its dataset's deletion; deleting a dataset asks, then deletes its runs leaving no orphan or keeps them listed with the report they had", {
  timeout: 180_000,
}, async () => {
  // Editing and deleting a dataset's rows after a run leaves its report as it was: asserted in Node
  // through the run service and the same row edits the Row editor saves (test/app/runs/run-service.test.ts).
  const mock = await e2e.mock();
  const { page } = await e2e.open();
  await useMock(page, mock.url);
  const list = page.getByRole("navigation", { name: "Stored datasets" });

  // Deleting the dataset says it has a run and offers to delete it too: nothing is left behind.
  await importCsv(page, "snap-2.csv", 2);
  await button(page, "Start run").click();
  await expect.poll(async () => (await finished(page)) === 2 && (await idle(page)), { timeout: 60_000 }).toBe(true);
  await list.getByRole("button", { name: /^Delete snap-2/ }).click();
  await list.getByRole("button", { name: /^Confirm delete snap-2/ }).click();
  const ask = page.getByRole("alertdialog", { name: /Delete snap-2/ });
  await expect.poll(() => ask.innerText()).toMatch(/has 1 run\b/);
  await ask.getByRole("button", { name: "Delete dataset and runs" }).click();
  await expect.poll(() => storeCounts(page)).toEqual({ datasets: 0, datasetRows: 0, runs: 0, runResults: 0, runSamples: 0, sampleContents: 0 });

  await importCsv(page, "kept-3.csv", 3);
  await button(page, "Start run").click();
  await expect.poll(async () => (await finished(page)) === 3 && (await idle(page)), { timeout: 60_000 }).toBe(true);
  await page.getByRole("region", { name: "Results explorer" }).waitFor({ timeout: 20_000 });
  const before = await exportReport(page);
  expect(JSON.parse(before).samples).toHaveLength(3);
  // The report is rebuilt from storage after a reload (which lands back on the run).
  await reloadOnRun(page);
  await page.getByRole("region", { name: "Results explorer" }).waitFor({ timeout: 20_000 });
  expect(await exportReport(page)).toBe(before);

  // Deleting the dataset, keeping its runs: they stay listed and open with the report they had.
  await list.getByRole("button", { name: /^Delete kept-3/ }).click();
  await list.getByRole("button", { name: /^Confirm delete kept-3/ }).click();
  await page
    .getByRole("alertdialog", { name: /Delete kept-3/ })
    .getByRole("button", { name: "Delete dataset, keep runs" })
    .click();
  await expect.poll(() => storeCounts(page)).toMatchObject({ datasets: 0, datasetRows: 0, runs: 1, runResults: 3, runSamples: 3 });

  const kept = page.getByRole("region", { name: "Runs of deleted datasets" });
  await kept.getByRole("button", { name: /kept-3 · 1 run/ }).click();
  await kept.getByRole("region", { name: "Results explorer" }).waitFor({ timeout: 20_000 });
  expect(await button(page, "Start run").count(), "nothing to start: the rows are gone").toBe(0);
  expect(await exportReport(page)).toBe(before);
  // The link to it still lands on it.
  await reloadOnRun(page);
  await kept.getByRole("region", { name: "Results explorer" }).waitFor({ timeout: 20_000 });
});
