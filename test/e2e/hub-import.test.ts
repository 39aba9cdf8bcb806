import { expect, test } from "vitest";
import { button } from "./browser";
import { useE2E } from "./context";
import { expectOfflineAndClean, expectSortsBy, openHtmlOffline } from "./html-export-helpers";
import { download } from "./report-helpers";
import { chooseMetrics, finished, importedByName, openDatasets } from "./runs-helpers";

/**
 * "Import from Hugging Face" in the Datasets view, through a local stand-in of the dataset
 * viewer's rows API (Playwright answers https://datasets-server.huggingface.co/rows itself, so no
 * request leaves the machine): a row range, then the mapping step and the stored dataset; Cancel
 * stops a slow fetch and imports nothing. The page shows this at 12 rows; the 120-row range over
 * two pages of the rows API, with its progress, is proven in Node (test/app/shared/hub/rows-api.test.ts).
 */
const e2e = useE2E({ allowOrigins: ["https://datasets-server.huggingface.co"] });
const TOTAL = 250;
const METRICS = ["bleu", "exact_match", "rouge_l"];
const ROWS = 12;

function page(offset: number, length: number) {
  const rows = [];
  for (let i = offset; i < Math.min(TOTAL, offset + length); i++) {
    rows.push({
      row_idx: i,
      row: {
        user_input: `问题 ${i}: how tall is the tower in city ${i}?`,
        retrieved_contexts: [`The tower in city ${i} is ${i} m tall.`, `City ${i} has "one" tower.`],
        response: `It is ${i} metres tall.`,
        // References of several lengths, so rouge_l differs from row to row and a sort shows.
        reference: [`${i} m.`, `${i} metres.`, `It is ${i} metres.`, `It is ${i} metres tall.`, `The tower is ${i} metres tall.`][i % 5],
      },
      truncated_cells: [],
    });
  }
  return { features: [], rows, num_rows_total: TOTAL, num_rows_per_page: 100, partial: false };
}

test("Import from Hugging Face: a dataset by name and a row range; run it, open it in Reports by name, its HTML offline sorts by a metric; Cancel imports nothing", {
  timeout: 180_000,
}, async () => {
  const s = await e2e.open();
  const seen: string[] = [];
  // The slow server: its answer waits until the test lets it go (after Cancel), not for a time.
  let slow = false;
  let answerSlowly = () => {};
  const slowAnswerMayGo = new Promise<void>((resolve) => (answerSlowly = resolve));
  let slowAnswered = () => {};
  const slowAnswerDone = new Promise<void>((resolve) => (slowAnswered = resolve));
  await s.context.route("https://datasets-server.huggingface.co/**", async (route) => {
    const url = new URL(route.request().url());
    seen.push(
      `${url.pathname}?${url.searchParams.get("dataset")}/${url.searchParams.get("split")}@${url.searchParams.get("offset")}+${url.searchParams.get("length")}`,
    );
    if (slow) await slowAnswerMayGo;
    await route
      .fulfill({
        status: 200,
        contentType: "application/json",
        headers: { "access-control-allow-origin": "*" },
        body: JSON.stringify(page(Number(url.searchParams.get("offset")), Number(url.searchParams.get("length")))),
      })
      .catch(() => undefined);
    if (slow) slowAnswered();
  });
  const { page: p } = s;
  await openDatasets(p);
  await p.getByLabel("Hugging Face dataset", { exact: true }).fill("someone/towers");
  await p.getByLabel("Hugging Face split", { exact: true }).fill("test");
  await p.getByLabel("First row", { exact: true }).fill("20");
  await p.getByLabel("Rows to import", { exact: true }).fill(String(ROWS));
  await button(p, "Import from Hugging Face").click();
  // The rows API's columns are ragas names: stored without the mapping step, which stays one click away.
  await importedByName(p, "someone_towers-test.jsonl", ROWS);
  expect(seen).toEqual(["/rows?someone/towers/test@20+12"]);
  await button(p, "Show preview and mapping").click();
  const mapping = p.getByRole("region", { name: "Column mapping" });
  await expect.poll(() => mapping.innerText(), { timeout: 20_000 }).toContain(`All ${ROWS} rows are valid.`);
  expect(await p.getByLabel("Column for contexts", { exact: true }).inputValue()).toBe("retrieved_contexts");
  await button(p, "Cancel import").click();
  await p.getByRole("form", { name: "New run" }).waitFor();
  expect(await p.locator(".view").innerText()).toContain("问题 20: how tall is the tower in city 20?");

  // Issue 19, what it must show 2: run it (metrics that need no judge), open the run in Reports
  // under its name, export HTML, open that offline and sort by a metric.
  await chooseMetrics(p, METRICS);
  await button(p, "Start run").click();
  await expect.poll(() => finished(p), { timeout: 60_000 }).toBe(ROWS);
  await expect.poll(() => button(p, "Open in Reports").count(), { timeout: 20_000 }).toBe(1);
  await button(p, "Open in Reports").click();
  const head = p.locator(".report-head");
  await expect.poll(() => head.innerText(), { timeout: 20_000 }).toMatch(/^someone_towers-test · [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  expect(await head.innerText()).toContain(`${ROWS} samples · 3 metrics`);
  const html = await download(p, "Export HTML");
  const report = JSON.parse((await download(p, "Export report")).text) as {
    results: { sampleId: string; metrics: Record<string, { score: number | null }> }[];
  };
  const { file, requests, consoleLines } = await openHtmlOffline(s.context, html.path);
  await file.getByTestId("mean-rouge_l").waitFor();
  expect(await file.title()).toMatch(/^someone_towers-test · /);
  expect(await file.locator("h1").innerText()).toMatch(/^someone_towers-test · /);
  expect(await file.getByRole("status").innerText()).toBe(`${ROWS} of ${ROWS} samples`);
  const rouge = new Map(report.results.map((r) => [r.sampleId, r.metrics.rouge_l!.score]));
  // Scores that differ, or sorting would prove nothing.
  expect(new Set(rouge.values()).size).toBeGreaterThanOrEqual(4);
  await expectSortsBy(file, "rouge_l", rouge);
  expectOfflineAndClean(requests, consoleLines);
  await file.close();
  await s.context.unroute("**/*");

  // A slow server: Cancel stops the fetch, nothing is imported, the button is back.
  slow = true;
  await openDatasets(p);
  await p.getByLabel("Hugging Face dataset", { exact: true }).fill("someone/towers");
  await p.getByLabel("Rows to import", { exact: true }).fill("120");
  await button(p, "Import from Hugging Face").click();
  const status = p.getByRole("status", { name: "Hugging Face import progress" });
  await expect.poll(() => status.innerText()).toContain("0 of 120 rows fetched");
  await status.getByRole("button", { name: "Cancel" }).click();
  await expect.poll(() => status.count()).toBe(0);
  // The answer the cancelled fetch asked for comes after all: it is dropped, nothing is imported.
  answerSlowly();
  await slowAnswerDone;
  expect(await p.getByRole("region", { name: "Column mapping" }).count()).toBe(0);
  expect(await button(p, "Import from Hugging Face").isEnabled()).toBe(true);
});
