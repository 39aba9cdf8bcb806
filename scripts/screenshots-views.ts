/**
 * README screenshots of the Datasets, Reports and Agreement views, driven as a user would
 * against the project's mock server (no real model, no network beyond loopback):
 *
 *   npx tsx scripts/screenshots-views.ts [--no-build]
 *
 * Writes docs/screenshots/datasets.png (30 WikiEval-derived rows imported and run), reports.png (a CLI report
 * opened in the results explorer), agreement.png (Table 1 on the ten WikiEval rows) and
 * header-narrow.png (the five view tabs in a 420 px window).
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { button, CHROMIUM_ARGS, useMock, waitForBoot, tab } from "../test/e2e/browser";
import { cliReport, wikiEvalSamples } from "../test/e2e/report-fixtures";
import { importReport, openReportsTab } from "../test/e2e/report-helpers";
import { finished, openDatasets } from "../test/e2e/runs-helpers";
import { startMockServer } from "../test/mock/server";
import { fixturePath } from "../test/fixture-path";
import { builtApp, chromiumPath } from "./lib";

const OUT = resolve(import.meta.dirname, "..", "docs", "screenshots");

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

/** Polls without vitest (the e2e helpers' expect.poll needs a test runner). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  for (const started = Date.now(); !(await check()); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
  }
}

async function datasets(page: Page, mockUrl: string): Promise<void> {
  await useMock(page, mockUrl);
  await openDatasets(page);
  const jsonl = wikiEvalSamples(30)
    .map((s) => JSON.stringify(s))
    .join("\n");
  await page
    .getByLabel("Import dataset", { exact: true })
    .setInputFiles({ name: "wikieval-30.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(jsonl) });
  // Ragas-named columns: stored without the mapping step.
  await page.getByRole("form", { name: "New run" }).waitFor({ timeout: 30_000 });
  await page.getByLabel("Concurrency").fill("6");
  await button(page, "Start run").click();
  await until(async () => (await finished(page)) === 30 && (await button(page, "Pause run").count()) === 0, "the run");
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
  await tab(page, "Agreement").click();
  await page.getByLabel("Import agreement data", { exact: true }).setInputFiles(fixturePath("wikieval", "WikiEval_samples_10.jsonl"));
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
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
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
