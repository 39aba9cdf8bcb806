/**
 * The batch-by-files flow mid-round, as a user sees it against a server without a batch API (the
 * project's sync mock; no real model, no network beyond loopback):
 *
 *   npx tsx scripts/screenshots-batch.ts [--no-build]
 *
 * Imports a 6-row CSV, ticks faithfulness and semantic_similarity (round 1 is then two files, chat
 * and embeddings), downloads round 1, uploads the chat file's results only, and captures the
 * page waiting for the embeddings file: docs/screenshots/batch-files-mid-round-en.png, then the
 * same page in Chinese (the chat results uploaded again, so the status is written in Chinese):
 * batch-files-mid-round-zh.png.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { datasetCsv } from "../test/e2e/datasets-fixture";
import { CHROMIUM_ARGS, useMock, waitForBoot } from "../test/e2e/browser";
import { runBatchFile } from "../test/mock/batch-answer";
import { startMockServer } from "../test/mock/server";
import { builtApp, chromiumPath } from "./lib";

const OUT = resolve(import.meta.dirname, "..", "docs", "screenshots");
const METRICS = ["faithfulness", "semantic_similarity"];

/** Polls without vitest (the e2e helpers' expect.poll needs a test runner). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  for (const started = Date.now(); !(await check()); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
  }
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
}

/** The part of the page the flow is about: the run form's batch panel down to the runs list. */
async function capture(page: Page, file: string): Promise<void> {
  await settle(page);
  // In page coordinates (a full-page clip), whatever the scroll.
  const box = (selector: string) =>
    page.locator(selector).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
    });
  const [top, bottom] = [await box("fieldset.runs-batch"), await box("ul.runs-list")];
  const margin = 16;
  await page.screenshot({
    path: resolve(OUT, file),
    fullPage: true,
    clip: { x: top.x - margin, y: top.y - margin, width: top.width + 2 * margin, height: bottom.y + bottom.height - top.y + 2 * margin },
  });
}

const status = (page: Page) => page.getByRole("status", { name: "Batch status" });
const uploadResults = (page: Page, name: string, text: string) =>
  page.getByLabel("Batch results file").setInputFiles({ name, mimeType: "application/jsonl", buffer: Buffer.from(text) });

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const app = await builtApp();
  const mock = await startMockServer();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(app.url);
    await waitForBoot(page);
    await useMock(page, mock.url);
    await page.getByRole("tab", { name: "Datasets" }).click();
    await page.getByLabel("Import dataset", { exact: true }).setInputFiles({ name: "towers-6.csv", mimeType: "text/csv", buffer: Buffer.from(datasetCsv(6)) });
    const form = page.getByRole("form", { name: "New run" });
    await until(async () => (await form.getByRole("checkbox", { checked: true }).count()) > 0, "the run form's defaults");
    for (const box of await form.locator('input[type="checkbox"][aria-label]').all()) {
      const id = (await box.getAttribute("aria-label")) ?? "";
      if (!/^[a-z_]+$/.test(id)) continue;
      if (METRICS.includes(id)) await box.check();
      else if (await box.isChecked()) await box.uncheck();
    }
    await until(async () => (await form.innerText()).includes("has no batch API"), "the probe's verdict");

    // Round 1: two files (chat and embeddings), each caught as the download it is.
    const downloads: { name: string; text: string }[] = [];
    page.on("download", (download) => {
      void download.path().then((path) => downloads.push({ name: download.suggestedFilename(), text: readFileSync(path, "utf8") }));
    });
    await page.getByRole("button", { name: "Download batch file" }).click();
    await until(async () => downloads.length === 2, "round 1's two files");
    const chat = downloads.find((d) => d.name.includes("-chat-"))!;
    // The chat file's results come back first; the embeddings file is still running.
    const chatOutput = runBatchFile(chat.text);
    await uploadResults(page, chat.name.replace(".input.", ".output."), chatOutput);
    await until(async () => (await status(page).innerText()).includes("file 2 of 2: embeddings"), "the waiting status");
    await capture(page, "batch-files-mid-round-en.png");

    await page.getByRole("button", { name: "中文", exact: true }).click();
    await uploadResults(page, chat.name.replace(".input.", ".output."), chatOutput);
    await until(async () => (await status(page).innerText()).includes("第 2 个文件，共 2 个：嵌入"), "the waiting status in Chinese");
    await capture(page, "batch-files-mid-round-zh.png");
    console.log(`wrote ${OUT}/batch-files-mid-round-{en,zh}.png`);
  } finally {
    await browser.close();
    await mock.close();
    await app.close();
  }
}

await main();
