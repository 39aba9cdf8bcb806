import { readFile } from "node:fs/promises";
import { parquetReadObjects } from "hyparquet";
import { expect, test } from "vitest";
import { button } from "./browser";
import { useE2E } from "./context";
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
  const file = await s.context.newPage();
  const seen: string[] = [];
  const consoleLines: string[] = [];
  file.on("request", (r) => seen.push(r.url()));
  file.on("console", (m) => consoleLines.push(m.text()));
  await s.context.route("**/*", (route) => (route.request().url().startsWith("file:") ? route.continue() : route.abort()));
  await file.goto(`file://${html.path}`);
  await file.getByTestId("mean-bleu").waitFor();
  expect(await file.locator("h1").innerText()).toMatch(/towers.* · /);
  expect(await file.locator("svg.hist").count()).toBe(3);

  // Sort by rouge_l: descending first, then ascending; the ids follow the scores the parquet holds.
  const byRouge = rows.map((r) => ({ id: r.id as string, v: r.rouge_l as number }));
  const order = async () => file.locator("details.row:not([hidden])").evaluateAll((els) => els.map((e) => e.getAttribute("data-id")));
  await file.getByRole("button", { name: "Sort by rouge_l" }).click();
  const desc = await order();
  expect(desc.map((id) => byRouge.find((r) => r.id === id)!.v)).toEqual(byRouge.map((r) => r.v).sort((a, b) => b - a));
  expect(await file.locator('[role=columnheader][aria-sort="descending"]').innerText()).toContain("rouge_l");
  await file.getByRole("button", { name: "Sort by rouge_l" }).click();
  expect((await order()).map((id) => byRouge.find((r) => r.id === id)!.v)).toEqual(byRouge.map((r) => r.v).sort((a, b) => a - b));

  // Filter by text (Chinese included), then open a row's traces.
  await file.getByLabel("Filter samples").fill("city 17?");
  expect(await order()).toEqual(["q17"]);
  expect(await file.getByRole("status").innerText()).toBe("1 of 30 samples");
  await file.locator("details.row:not([hidden]) > summary").click();
  await expect.poll(() => file.locator("details.row[open] ol.trace li").count()).toBeGreaterThan(0);
  expect(seen.filter((u) => !u.startsWith("file:"))).toEqual([]);
  expect(consoleLines.filter((l) => /Content Security Policy|Refused/.test(l))).toEqual([]);
  await file.close();
});
