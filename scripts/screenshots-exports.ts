/**
 * README screenshots of issue 19's exports, driven as a user would (metrics that need no judge,
 * so no model and no network at all):
 *
 *   npx tsx scripts/screenshots-exports.ts [--no-build]
 *
 * Writes docs/screenshots/exports-reports.png (a dataset run opened in Reports by its name, with
 * the CSV / parquet / JSONL / HTML exports and the filter bar) and exports-html.png (its HTML
 * export opened from disk, sorted by rouge_l) and datasets-hub-import.png (the import panel's
 * "Import from Hugging Face" fields).
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { button, CHROMIUM_ARGS, tab, waitForBoot } from "../test/e2e/browser";
import { datasetCsv } from "../test/e2e/datasets-fixture";
import { builtApp, chromiumPath } from "./lib";

const OUT = resolve(import.meta.dirname, "..", "docs", "screenshots");

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  for (const started = Date.now(); !(await check()); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
  }
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  await page.waitForTimeout(500);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const app = await builtApp();
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, locale: "en-US", acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(app.url);
    await waitForBoot(page);
    await tab(page, "Datasets").click();
    await page.getByLabel("Import dataset", { exact: true }).setInputFiles({ name: "towers.csv", mimeType: "text/csv", buffer: Buffer.from(datasetCsv(30)) });
    // Sample-named columns: stored without the mapping step.
    const form = page.getByRole("form", { name: "New run" });
    await form.waitFor();
    await until(async () => (await form.getByRole("checkbox", { checked: true }).count()) > 2, "the default metrics");
    for (const box of await form.getByRole("checkbox").all()) await box.uncheck();
    for (const id of ["bleu", "rouge_l", "exact_match"]) await form.getByRole("checkbox", { name: id, exact: true }).check();
    await button(page, "Start run").click();
    const bar = page.getByRole("progressbar", { name: "Run progress" });
    await until(async () => (await bar.count()) > 0 && (await bar.getAttribute("aria-valuenow")) === "30", "the run");
    await until(async () => (await button(page, "Open in Reports").count()) === 1, "Open in Reports");
    await button(page, "Open in Reports").click();
    await page.locator(".report-head").waitFor();
    await page.getByTestId("histogram-bleu").locator("canvas").waitFor();
    await settle(page);
    await page.screenshot({ path: resolve(OUT, "exports-reports.png"), fullPage: true });
    console.log("docs/screenshots/exports-reports.png");

    const [download] = await Promise.all([page.waitForEvent("download"), button(page, "Export HTML").click()]);
    const path = join(mkdtempSync(join(tmpdir(), "shot-html-")), download.suggestedFilename());
    await download.saveAs(path);
    const file = await context.newPage();
    await context.route("**/*", (route) => (route.request().url().startsWith("file:") ? route.continue() : route.abort()));
    await file.goto(`file://${path}`);
    await file.getByRole("button", { name: "Sort by rouge_l" }).click();
    await settle(file);
    await file.screenshot({ path: resolve(OUT, "exports-html.png"), clip: { x: 0, y: 0, width: 1280, height: 900 } });
    console.log("docs/screenshots/exports-html.png");

    // The Datasets view's import panel with the Hugging Face fields filled in.
    await page.bringToFront();
    await tab(page, "Datasets").click();
    await page.getByLabel("Hugging Face dataset", { exact: true }).fill("explodinggradients/amnesty_qa");
    await page.getByLabel("Hugging Face config", { exact: true }).fill("english_v3");
    await page.getByLabel("Hugging Face split", { exact: true }).fill("eval");
    await settle(page);
    await page.getByRole("region", { name: "Import a dataset" }).screenshot({ path: resolve(OUT, "datasets-hub-import.png") });
    console.log("docs/screenshots/datasets-hub-import.png");
    await context.close();
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
