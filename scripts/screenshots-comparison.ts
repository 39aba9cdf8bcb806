/**
 * Screenshots of the Comparison table (issue 30): two runs of one dataset, the candidate's
 * faithfulness worse by construction, opened in Reports, in English and Chinese, at 1280 and 420 px:
 *
 *   npx tsx scripts/screenshots-comparison.ts [--no-build]
 *
 * Writes docs/screenshots/comparison-{en,zh}-{1280,420}.png (the comparison section only).
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { serializeReport } from "../src/storage/format/report-build";
import { worseCandidatePair } from "../test/app/shared/explorer/paired-reports";
import { CHROMIUM_ARGS, waitForBoot } from "../test/e2e/browser";
import { importReport, openReportsTab } from "../test/e2e/report-helpers";
import { builtApp, chromiumPath } from "./lib";

const OUT = resolve(import.meta.dirname, "..", "docs", "screenshots");

async function shoot(page: Page, lang: "en" | "zh", width: number): Promise<void> {
  const { base, candidate } = worseCandidatePair();
  await openReportsTab(page);
  await importReport(page, "base.json", serializeReport(base));
  await page.getByLabel("Compare with another report", { exact: true }).setInputFiles({
    name: "candidate.json",
    mimeType: "application/json",
    buffer: Buffer.from(serializeReport(candidate)),
  });
  await page.getByTestId("verdict-faithfulness").waitFor();
  if (lang === "zh") await page.getByRole("button", { name: "中文", exact: true }).click();
  await page.getByRole("table", { name: lang === "zh" ? "比较" : "Comparison", exact: true }).waitFor();
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  const name = `comparison-${lang}-${width}.png`;
  await page.locator("section.compare").screenshot({ path: resolve(OUT, name) });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log(`docs/screenshots/${name}${wide > width ? `  warning: page ${wide} px wide in a ${width} px window` : ""}`);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const app = await builtApp();
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    for (const lang of ["en", "zh"] as const)
      for (const width of [1280, 420]) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, locale: "en-US" });
        try {
          const page = await context.newPage();
          await page.goto(app.url);
          await waitForBoot(page);
          await shoot(page, lang, width);
        } finally {
          await context.close();
        }
      }
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
