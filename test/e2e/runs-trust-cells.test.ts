import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { button } from "./browser";
import { useE2E } from "./context";
import { importedByName, openDatasets } from "./runs-helpers";
import { startProbe, storedDatasets } from "./runs-trust-helpers";

/**
 * Issue 17, what it must show 4 and 5: a 1 MiB unbroken cell never blocks the page (import
 * preview, table, estimate), and a dataset with formula cells survives its own CSV export.
 */
const e2e = useE2E();

async function importFile(page: Page, name: string, mimeType: string, text: string, rows: number): Promise<void> {
  await openDatasets(page);
  await page.getByLabel("Import dataset", { exact: true }).setInputFiles({ name, mimeType, buffer: Buffer.from(text) });
  // Our own column names: stored without the mapping step (issue 19).
  await importedByName(page, name, rows);
}

const jsonl = (rows: object[]) => `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`;

test("a JSONL with a 1 MiB unbroken field imports, shows and estimates with the page answering throughout", { timeout: 120_000 }, async () => {
  const { page } = await e2e.open();
  const huge = "x".repeat(1024 * 1024);
  const file = jsonl([
    { id: "small", question: "Where is it?", answer: "In Paris.", contexts: ["It is in Paris."], reference: "Paris." },
    { id: "huge", question: "What is this?", answer: huge, contexts: [huge], reference: "A long string." },
  ]);
  const probe = startProbe(page);
  const mark = (what: string) => process.env.PROBE_LOG && console.log(`[mark] ${new Date().toISOString().slice(17, 23)} ${what}`);
  mark("start");
  await openDatasets(page);
  mark("datasets open");
  // From a file on disk, as a user picks it: handing Playwright a buffer instead makes it decode
  // 1.4 MB of base64 inside the page, which is the test's own cost, not the app's.
  const path = join(await mkdtemp(join(tmpdir(), "huge-cell-")), "huge-cell.jsonl");
  await writeFile(path, file);
  await page.getByLabel("Import dataset", { exact: true }).setInputFiles(path);
  mark("file set");
  await importedByName(page, "huge-cell.jsonl", 2);
  mark("imported");
  await page.getByRole("form", { name: "New run" }).waitFor({ timeout: 20_000 });
  // The form starts with the paper's five the columns allow (and the free text metrics): 7 requests a sample.
  mark("run form");
  // The table shows the start of the text and its length, never the whole cell.
  await expect.poll(() => page.getByRole("table", { name: "Dataset rows" }).innerText(), { timeout: 10_000 }).toContain("(1,048,576 characters)");
  const estimate = page.getByLabel("Before you start");
  await expect.poll(() => estimate.innerText(), { timeout: 20_000 }).toMatch(/≈ 14 requests/);
  // Typing in the run form while the estimate is recomputed: every key lands, the page keeps answering.
  const model = page.getByLabel("Run judge model", { exact: true });
  await model.fill("");
  await model.pressSequentially("judge-model-typed-slowly", { delay: 40 });
  expect(await model.inputValue()).toBe("judge-model-typed-slowly");
  await expect.poll(() => estimate.innerText(), { timeout: 20_000 }).toMatch(/≈ 14 requests/);
  await page.getByLabel("Repeat each sample").fill("3");
  await expect.poll(() => estimate.innerText(), { timeout: 20_000 }).toMatch(/≈ 42 requests/);
  const { max, count } = await probe.stop();
  console.log(`[runs-trust e2e] 1 MiB cell: ${count} probes, longest wait ${max} ms`);
  expect(count, "the probe ran through the import and the typing").toBeGreaterThanOrEqual(4);
  expect(max, "the page never waited more than 1 s to answer").toBeLessThan(1000);
  // The DOM holds the start of the huge cell, not all of it.
  expect(await page.evaluate(() => document.body.innerHTML.length)).toBeLessThan(500_000);
});

test("a dataset with formula cells exported to CSV and imported again gives the same rows", { timeout: 120_000 }, async () => {
  const { page } = await e2e.open();
  const rows = [
    {
      id: "=1+1",
      question: '=HYPERLINK("http://evil.example","click me")',
      answer: "+33 6 12 34 56 78",
      contexts: ["@SUM(A1:A9)", "-starts with a dash"],
      reference: "'=already quoted",
    },
    { id: "plain", question: "Is a = b fine in the middle?", answer: "Yes, it is.", contexts: ["\tTabbed context."], reference: "Yes." },
  ];
  await importFile(page, "formulas.jsonl", "application/x-ndjson", jsonl(rows), 2);
  await page.getByRole("form", { name: "New run" }).waitFor({ timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), button(page, "Export dataset CSV").click()]);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click me"")"`);
  expect(csv).not.toMatch(/(^|,)"?[=+@]/m);
  await importFile(page, "formulas-back.csv", "text/csv", csv, 2);
  await page.getByRole("form", { name: "New run" }).waitFor({ timeout: 20_000 });
  const stored = await storedDatasets(page);
  expect(stored.formulas).toEqual(rows);
  expect(stored["formulas-back"]).toEqual(stored.formulas);
});
