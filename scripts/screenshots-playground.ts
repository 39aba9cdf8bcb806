/**
 * README screenshots of issue 26's playground: every built-in metric scored against the mock
 * server, the score strip on top and the cards collapsed, in English and Chinese at 1280 px and
 * in English at 420 px:
 *
 *   npx tsx scripts/screenshots-playground.ts [--no-build]
 *
 * Writes docs/screenshots/playground-all-metrics-{en,zh}.png and playground-all-metrics-narrow.png.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { METRIC_IDS } from "../src/engine";
import { button, CHROMIUM_ARGS, fillSample, useMock, waitForBoot, waitForIdle } from "../test/e2e/browser";
import { startMockServer } from "../test/mock/server";
import { builtApp, chromiumPath } from "./lib";

const OUT = resolve(import.meta.dirname, "..", "docs", "screenshots");

const SAMPLE = {
  question: "Where and when was Albert Einstein born?",
  answer: "Albert Einstein was born in Ulm in 1879. He was born in Munich.",
  contexts: ["Albert Einstein was born in Ulm, Germany, on 14 March 1879.", "Einstein grew up in Munich, where his family moved in 1880."],
  reference: "Albert Einstein was born in Ulm, Germany, in 1879.",
};

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

/** Ticks every built-in metric, scores, and folds the cards so the strip and every score show. */
async function scoreAll(page: Page): Promise<void> {
  await fillSample(page, SAMPLE);
  for (const id of METRIC_IDS) await page.getByRole("checkbox", { name: id, exact: true }).check();
  await button(page, "Score").click();
  await waitForIdle(page, 120_000);
  const height = () => page.locator("#results").evaluate((panel) => Math.round(panel.getBoundingClientRect().height));
  const expanded = await height();
  await page.getByRole("navigation", { name: "Scores" }).getByRole("button", { name: "Collapse all" }).click();
  console.log(`results column at ${page.viewportSize()?.width} px: ${expanded} px expanded, ${await height()} px collapsed`);
  // The Score bar sticks to the window's bottom; in a full-page picture it would sit over the form.
  await page.addStyleTag({ content: ".score-dock { position: static !important; }" });
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const app = await builtApp();
  const mock = await startMockServer({ latencyMs: 30 });
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    for (const width of [1280, 420]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, locale: "en-US" });
      try {
        const page = await context.newPage();
        await page.goto(app.url);
        await waitForBoot(page);
        await useMock(page, mock.url);
        await scoreAll(page);
        if (width === 420) {
          await settle(page);
          await page.locator("#results").screenshot({ path: resolve(OUT, "playground-all-metrics-narrow.png") });
        } else {
          for (const lang of ["en", "zh"] as const) {
            await page.getByRole("button", { name: lang === "zh" ? "中文" : "EN", exact: true }).click();
            await page.evaluate(() => window.scrollTo(0, 0));
            await settle(page);
            await page.screenshot({ path: resolve(OUT, `playground-all-metrics-${lang}.png`), fullPage: true });
          }
        }
        console.log(`shot: ${width} px`);
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
