/**
 * README screenshots of issue 16's UI, driven as a user would against the mock server:
 *
 *   npx tsx scripts/screenshots-metrics.ts [--no-build]
 *
 * Writes docs/screenshots/metric-picker.png (the grouped picker with inputs, costs and the
 * factual-correctness options open), trace-noise-sensitivity.png and trace-answer-correctness.png
 * (two new traces, scored by the mock judge). The studio's judge form: scripts/screenshots-studio.ts.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { button, CHROMIUM_ARGS, fillSample, useMock, waitForBoot, waitForIdle } from "../test/e2e/browser";
import { startMockServer } from "../test/mock/server";
import { builtApp, chromiumPath } from "./lib";

const OUT = resolve(import.meta.dirname, "..", "docs", "screenshots");

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

const SAMPLE = {
  question: "Where and when was Albert Einstein born?",
  answer: "Albert Einstein was born in Ulm in 1879. He was born in Munich.",
  contexts: ["Albert Einstein was born in Ulm, Germany, on 14 March 1879.", "Einstein grew up in Munich, where his family moved in 1880."],
  reference: "Albert Einstein was born in Ulm, Germany, in 1879.",
};

async function picker(page: Page): Promise<void> {
  await fillSample(page, SAMPLE);
  for (const id of ["factual_correctness", "noise_sensitivity", "answer_correctness", "bleu"])
    await page.getByRole("checkbox", { name: id, exact: true }).check();
  const row = page.getByRole("checkbox", { name: "factual_correctness", exact: true }).locator("..");
  await row.getByRole("button", { name: "Options" }).click();
  await row.locator("select").first().selectOption("recall");
  // The Score bar sticks to the bottom of the scrolling form and would cover the picker's last rows
  // in an element shot: for this picture only, it stays in the flow below the form.
  await page.addStyleTag({ content: ".score-dock { position: static !important; }" });
  await settle(page);
  await page.locator("fieldset.metrics").screenshot({ path: resolve(OUT, "metric-picker.png") });
}

async function traces(page: Page): Promise<void> {
  await fillSample(page, SAMPLE);
  for (const id of ["faithfulness", "answer_relevancy", "context_relevance", "context_precision", "context_recall"])
    await page.getByRole("checkbox", { name: id, exact: true }).uncheck();
  for (const id of ["noise_sensitivity", "answer_correctness"]) await page.getByRole("checkbox", { name: id, exact: true }).check();
  await button(page, "Score").click();
  await waitForIdle(page);
  await settle(page);
  for (const id of ["noise_sensitivity", "answer_correctness"])
    await page.locator(`section[aria-label="${id} result"]`).screenshot({ path: resolve(OUT, `trace-${id.replace("_", "-")}.png`) });
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const app = await builtApp();
  const mock = await startMockServer({ latencyMs: 30 });
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    // The picker's window is tall enough that the form's sticky Score bar does not sit over it.
    for (const [name, shoot, height] of [
      ["picker", picker, 2000],
      ["traces", traces, 900],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height }, deviceScaleFactor: 1, locale: "en-US" });
      try {
        const page = await context.newPage();
        await page.goto(app.url);
        await waitForBoot(page);
        await useMock(page, mock.url);
        await shoot(page);
        console.log(`shot: ${name}`);
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
