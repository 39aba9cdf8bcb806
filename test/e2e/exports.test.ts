import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parquetReadObjects } from "hyparquet";
import { expect, test } from "vitest";
import { button } from "./browser";
import { exportHtml } from "../../src/app/shared/report-exports/exports";
import { currentReportsT } from "../../src/app/shared/report-exports/messages";
import { riverReport } from "../app/shared/report-exports/html/river-report";
import { useE2E } from "./context";
import { expectOfflineAndClean, expectSortsBy, openHtmlOffline, shownIds, sortedBy } from "./html-export-helpers";
import { download } from "./report-helpers";
import { finished, importCsv } from "./runs-helpers";

/**
 * Issue 19: a dataset run (metrics that need no judge, so no key and no server) opens in Reports
 * in one click under its dataset's and run's names; its results export as CSV (BOM, ragas
 * columns) and parquet (a real list column); its HTML export opens from disk with the network
 * blocked, shows a histogram per metric, and sorts and filters the table.
 */
const e2e = useE2E();
const METRICS = ["bleu", "exact_match", "rouge_l"];

test("a run opens in Reports by name; CSV, parquet and an offline HTML that sorts by a metric", { timeout: 120_000 }, async () => {
  const s = await e2e.open();
  const { page } = s;
  await importCsv(page, "towers.csv", 30, METRICS);
  await button(page, "Start run").click();
  await expect.poll(() => finished(page), { timeout: 60_000 }).toBe(30);
  await expect.poll(() => button(page, "Open in Reports").count(), { timeout: 20_000 }).toBe(1);
  await button(page, "Open in Reports").click();

  // Titled by the dataset and the run, with a localized date and labelled counts.
  const head = page.locator(".report-head");
  await expect.poll(() => head.innerText(), { timeout: 20_000 }).toMatch(/towers.* · .*\n?.*30 samples · 3 metrics/);
  expect(await head.innerText()).not.toMatch(/\d{4}-\d\d-\d\dT/);

  const csv = await download(page, "Export CSV");
  const csvBytes = await readFile(csv.path);
  expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.text.split("\r\n")[0]).toBe(
    "\uFEFFid,user_input,retrieved_contexts,response,reference,bleu,bleu_error,bleu_reason,rouge_l,rouge_l_error,rouge_l_reason,exact_match,exact_match_error,exact_match_reason",
  );
  expect(csv.text).toContain("问题 1: how tall is the tower in city 1?");
  const pq = await download(page, "Export parquet");
  const rows = (await parquetReadObjects({ file: new Uint8Array(await readFile(pq.path)).buffer as ArrayBuffer })) as Record<string, unknown>[];
  expect(rows).toHaveLength(30);
  expect(rows[0]!.retrieved_contexts).toEqual(["Context 1a: the tower in city 1 is 1 m tall.", 'Context 1b, with "quotes", commas and 中文 1.']);

  const html = await download(page, "Export HTML");
  console.log(`[exports] HTML export of 30 rows: ${html.text.length.toLocaleString("en")} characters`);
  const { file, requests, consoleLines } = await openHtmlOffline(s.context, html.path);
  await file.getByTestId("mean-bleu").waitFor();
  expect(await file.locator("h1").innerText()).toMatch(/towers.* · /);
  // The run's date as the app writes it (Intl, "Nov 26, 2026"), not the browser's stored "11/26/2026".
  expect(await file.title()).toMatch(/^towers · [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  // No metric of this run asks a judge: the header says so instead of naming a model.
  expect(await file.locator("p.muted").first().innerText()).toContain("· no judge ·");
  expect(await file.locator("svg.hist").count()).toBe(3);

  // Sort by rouge_l: descending first, then ascending; the ids follow the scores the parquet holds.
  await expectSortsBy(file, "rouge_l", new Map(rows.map((r) => [r.id as string, r.rouge_l as number])));
  const order = () => shownIds(file);

  // Filter by text (Chinese included), then open a row's traces.
  await file.getByLabel("Filter samples").fill("city 17?");
  expect(await order()).toEqual(["q17"]);
  expect(await file.getByRole("status").innerText()).toBe("1 of 30 samples");
  await file.locator("details.row:not([hidden]) > summary").click();
  await expect.poll(() => file.locator("details.row[open] ol.trace li").count()).toBeGreaterThan(0);
  expectOfflineAndClean(requests, consoleLines);
  await file.close();
});

/**
 * The same export at 1,000 rows (sort with nulls last, text and null filters, every count) is run
 * by the file's own viewer script in Node: test/app/shared/report-exports/html/viewer-1000.test.ts.
 * Chromium shows the file offline from disk at 200 rows (20 of them with null scores).
 */
test("a 200-row HTML export opens offline in Chromium, sorts by a metric (nulls last) and filters by text and by null score", {
  timeout: 120_000,
}, async () => {
  const dir = await mkdtemp(join(tmpdir(), "html-200-"));
  const report = await riverReport(200);
  const htmlPath = join(dir, "report-200.html");
  const html = await exportHtml(report, [], { ...currentReportsT().html }, "en");
  await writeFile(htmlPath, html);

  const s = await e2e.open();
  const opening = performance.now();
  // Opening includes Playwright's page start; the number printed is an upper bound.
  const { file, requests, consoleLines } = await openHtmlOffline(s.context, htmlPath);
  await file.getByTestId("mean-rouge_l").waitFor();
  expect(await file.getByRole("status").innerText()).toBe("200 of 200 samples");
  const openMs = performance.now() - opening;
  expect(await file.locator("details.row").count()).toBe(200);

  const rouge = new Map(report.results.map((r) => [r.sampleId, r.metrics.rouge_l!.score]));
  expect([...rouge.values()].filter((v) => v === null)).toHaveLength(20);
  await expectSortsBy(file, "rouge_l", rouge);
  // The page's own time for one sort of 200 rows (sort and re-order the DOM), measured inside it.
  const sortMs = await file.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>('button[aria-label="Sort by bleu"]')!;
    const start = performance.now();
    button.click();
    return performance.now() - start;
  });
  expect(await sortedBy(file, "descending")).toBe("bleu");

  // Text filter (Chinese), then only the rows with a null score, then both.
  await file.getByLabel("Filter samples").fill("第100题");
  expect(await shownIds(file)).toEqual(["s100"]);
  await file.getByLabel("Filter samples").fill("长江");
  expect(await file.getByRole("status").innerText()).toBe("100 of 200 samples");
  await file.getByLabel("Filter samples").fill("");
  await file.getByLabel("with a null score only").check();
  const nullIds = report.results.filter((r) => r.metrics.rouge_l!.score === null).map((r) => r.sampleId);
  expect((await shownIds(file)).sort()).toEqual([...nullIds].sort());
  expect(await file.getByRole("status").innerText()).toBe("20 of 200 samples");
  await file.getByLabel("Filter samples").fill("长江");
  expect(await file.getByRole("status").innerText()).toBe("10 of 200 samples");
  expectOfflineAndClean(requests, consoleLines);
  console.log(
    `[exports] 200-row HTML: ${(new TextEncoder().encode(html).length / 1e6).toFixed(2)} MB, shown in ${openMs.toFixed(0)} ms, one sort in ${sortMs.toFixed(0)} ms inside the page`,
  );
  await file.close();
  await rm(dir, { recursive: true, force: true });
});
