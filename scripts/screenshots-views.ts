/**
 * README screenshots of the Datasets, Reports and Agreement views, driven as a user would
 * against the project's mock server (no real model, no network beyond loopback):
 *
 *   npx tsx scripts/screenshots-views.ts [--no-build]
 *
 * Writes docs/screenshots/datasets.png (a 40-row CSV imported and run), reports.png (a CLI report
 * opened in the results explorer), agreement.png (Table 1 on the ten WikiEval rows) and
 * header-narrow.png (the five view tabs in a 420 px window).
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { button, CHROMIUM_ARGS, useMock, waitForBoot } from "../test/e2e/browser";
import { cliReport, wikiEvalSamples } from "../test/e2e/report-fixtures";
import { importReport, openReportsTab } from "../test/e2e/report-helpers";
import { finished, importCsv } from "../test/e2e/runs-helpers";
import { startMockServer } from "../test/mock/server";
import { sharedPath } from "../test/shared-dir";
import { builtApp, CHROMIUM_PATH } from "./lib";

const OUT = resolve(import.meta.dirname, "..", "docs", "screenshots");

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

async function datasets(page: Page, mockUrl: string): Promise<void> {
  await useMock(page, mockUrl);
  await importCsv(page, "towers.csv", 40);
  await page.getByLabel("Concurrency").fill("6");
  await button(page, "Start run").click();
  for (let i = 0; i < 600 && (await finished(page)) < 40; i++) await page.waitForTimeout(100);
  await settle(page);
  await page.screenshot({ path: resolve(OUT, "datasets.png"), fullPage: true });
}

async function reports(page: Page, report: string): Promise<void> {
  await openReportsTab(page);
  await importReport(page, "wikieval-30.json", report);
  await page.getByTestId("mean-faithfulness").first().waitFor({ state: "visible" });
  await settle(page);
  await page.screenshot({ path: resolve(OUT, "reports.png"), fullPage: true });
}

async function agreement(page: Page, mockUrl: string): Promise<void> {
  await useMock(page, mockUrl);
  await button(page, "Agreement").click();
  await page.getByLabel("Import agreement data", { exact: true }).setInputFiles(sharedPath("wikieval", "WikiEval_samples_10.jsonl"));
  await button(page, "Run agreement").click();
  await page.locator('[data-cell="gpt_ranking/context_relevance"] .accuracy').waitFor({ timeout: 120_000 });
  await page.locator('[data-cell="ragas/faithfulness"]').click();
  await settle(page);
  await page.screenshot({ path: resolve(OUT, "agreement.png"), fullPage: true });
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const app = await builtApp();
  const mock = await startMockServer({ latencyMs: 30 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const report = await cliReport(mock.url, wikiEvalSamples(30));
  try {
    const shots: [string, (page: Page) => Promise<void>, number][] = [
      ["datasets", (p) => datasets(p, mock.url), 1280],
      ["reports", (p) => reports(p, report), 1280],
      ["agreement", (p) => agreement(p, mock.url), 1280],
      [
        "header-narrow",
        async (p) => {
          await settle(p);
          await p.screenshot({ path: resolve(OUT, "header-narrow.png"), clip: { x: 0, y: 0, width: 420, height: 220 } });
        },
        420,
      ],
    ];
    for (const [name, shoot, width] of shots) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, locale: "en-US" });
      try {
        const page = await context.newPage();
        await page.goto(app.url);
        await waitForBoot(page);
        await shoot(page);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        console.log(`docs/screenshots/${name}.png${wide > width ? `  warning: page ${wide} px wide in a ${width} px window` : ""}`);
      } finally {
        await context.close();
      }
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
