/**
 * README screenshots of every view in a 420 px window, in English and in Chinese, with data in
 * each (a scored example, a 6-row dataset and its run, a report opened from a file, agreement data
 * and a run), against the project's mock server:
 *
 *   npx tsx scripts/screenshots-narrow.ts [--no-build] [--wide] [--out DIR] [--tiles DIR]
 *
 * Writes docs/screenshots/narrow-<view>-<en|zh>.png (the whole page) and prints each page's
 * width (scrollWidth) against the window's. --wide also takes 1280 px shots (for looking, into --out).
 * Everything is loaded once: the views keep what was opened across switches.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { button, CHROMIUM_ARGS, useMock, waitForBoot } from "../test/e2e/browser";
import { cliReport, wikiEvalSamples } from "../test/e2e/report-fixtures";
import { startMockServer } from "../test/mock/server";
import { fixturePath } from "../test/fixture-path";
import { builtApp, chromiumPath } from "./lib";

const outArg = process.argv.indexOf("--out");
const OUT = outArg > 0 ? process.argv[outArg + 1]! : resolve(import.meta.dirname, "..", "docs", "screenshots");
const tilesArg = process.argv.indexOf("--tiles");
/** For looking at tall pages: each page also cut into 1000 px tiles here. */
const tiles = tilesArg > 0 ? process.argv[tilesArg + 1]! : null;
const VIEWS = ["Playground", "Prompts", "Datasets", "Reports", "Agreement"] as const;

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  for (const started = Date.now(); !(await check()); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
  }
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(500);
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });

async function loadEverything(page: Page, mockUrl: string, report: string): Promise<void> {
  await useMock(page, mockUrl);
  await button(page, "English example").click();
  await button(page, "Score").click();
  await page.getByTestId("score-faithfulness").waitFor({ timeout: 60_000 });
  await tab(page, "Datasets").click();
  const jsonl = wikiEvalSamples(6)
    .map((s) => JSON.stringify(s))
    .join("\n");
  await page
    .getByLabel("Import dataset", { exact: true })
    .setInputFiles({ name: "wikieval-6.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(jsonl) });
  // Ragas-named columns: stored without the mapping step.
  await page.getByRole("form", { name: "New run" }).waitFor({ timeout: 30_000 });
  await button(page, "Start run").click();
  await until(async () => Number(await page.getByRole("progressbar", { name: "Run progress" }).getAttribute("aria-valuenow")) === 6, "the run", 90_000);
  await tab(page, "Reports").click();
  await page.getByLabel("Import report", { exact: true }).setInputFiles({ name: "wikieval-8.json", mimeType: "application/json", buffer: Buffer.from(report) });
  await page.getByTestId("mean-faithfulness").first().waitFor({ state: "visible" });
  await tab(page, "Agreement").click();
  const rows = (await import("node:fs")).readFileSync(fixturePath("wikieval", "WikiEval_samples_10.jsonl"), "utf8").trim().split("\n").slice(0, 5).join("\n");
  await page
    .getByLabel("Import agreement data", { exact: true })
    .setInputFiles({ name: "wikieval-5.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(rows) });
  await button(page, "Run agreement").click();
  await page.locator('[data-cell="gpt_ranking/context_relevance"] .accuracy').waitFor({ timeout: 120_000 });
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  if (tiles) mkdirSync(tiles, { recursive: true });
  const app = await builtApp();
  const mock = await startMockServer({ latencyMs: 5 });
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  const report = await cliReport(mock.url, wikiEvalSamples(8));
  try {
    for (const width of process.argv.includes("--wide") ? [420, 1280] : [420]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, locale: "en-US" });
      const page = await context.newPage();
      page.on("pageerror", (e) => console.error("pageerror", String(e)));
      await page.goto(app.url);
      await waitForBoot(page);
      await loadEverything(page, mock.url, report);
      for (const lang of ["en", "zh"] as const) {
        await page.getByRole("button", { name: lang === "zh" ? "中文" : "EN", exact: true }).click();
        for (const view of VIEWS) {
          await tab(page, view).click();
          await page.waitForTimeout(view === "Prompts" ? 2500 : 800);
          if (view === "Agreement") await page.locator('[data-cell="ragas/faithfulness"]').click();
          await settle(page);
          const file = `narrow-${view.toLowerCase()}-${lang}.png`.replace("narrow", width === 420 ? "narrow" : `w${width}`);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          await page.screenshot({ path: resolve(OUT, file), fullPage: true });
          if (tiles) {
            const height = await page.evaluate(() => document.documentElement.scrollHeight);
            for (let y = 0, i = 0; y < height; y += 1000, i++)
              await page.screenshot({
                path: resolve(tiles, file.replace(".png", `-${i}.png`)),
                fullPage: true,
                clip: { x: 0, y, width: wide, height: Math.min(1000, height - y) },
              });
          }
          console.log(`${file}: page ${wide} px wide in a ${width} px window${wide > width ? "  OVERFLOW" : ""}`);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await mock.close();
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
