/**
 * Screenshots of what the result cards, the metric options and Settings' connection check say
 * about metrics (issue 26's "traces" slice), in English and Chinese, against the mock server:
 *
 *   npx tsx scripts/screenshots-traces.ts [--no-build]
 *
 * Writes docs/screenshots/traces-<card>-<en|zh>.png (noise sensitivity's badge, BLEU's and
 * ROUGE-L's token marks, semantic similarity, context utilization), traces-options-<en|zh>.png
 * (factual correctness's defaults and a refused beta) and traces-connection-<en|zh>.png.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { button, CHROMIUM_ARGS, fillSample, useMock, waitForBoot, waitForIdle } from "../test/e2e/browser";
import { MOCK_MODEL } from "../test/e2e/fixtures";
import { type MockServer, startMockServer } from "../test/mock/server";
import { builtApp, chromiumPath } from "./lib";

let mock: MockServer;
const OUT = resolve(import.meta.dirname, "..", "docs", "screenshots");
const LANGS = ["en", "zh"] as const;
const CARDS = ["noise_sensitivity", "bleu", "rouge_l", "semantic_similarity", "context_utilization"];

const SAMPLE = {
  question: "Where did the cat sit?",
  answer: "The cat sat on the mat. The the cat sat.",
  contexts: ["The cat sat on the mat.", "Dogs bark at night."],
  reference: "The cat sat on the mat.",
};

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
}

async function language(page: Page, lang: (typeof LANGS)[number]): Promise<void> {
  await page.getByRole("button", { name: lang === "zh" ? "中文" : "EN", exact: true }).click();
}

async function cards(page: Page): Promise<void> {
  await fillSample(page, SAMPLE);
  for (const id of ["faithfulness", "answer_relevancy", "context_relevance", "context_precision", "context_recall"])
    await page.getByRole("checkbox", { name: id, exact: true }).uncheck();
  for (const id of CARDS) await page.getByRole("checkbox", { name: id, exact: true }).check();
  await button(page, "Score").click();
  await waitForIdle(page);
  for (const lang of LANGS) {
    await language(page, lang);
    await settle(page);
    for (const id of CARDS)
      await page.locator(`section[aria-label="${id} result"]`).screenshot({ path: resolve(OUT, `traces-${id.replaceAll("_", "-")}-${lang}.png`) });
  }
}

async function options(page: Page): Promise<void> {
  await fillSample(page, SAMPLE);
  await page.getByRole("checkbox", { name: "factual_correctness", exact: true }).check();
  const row = page.getByRole("checkbox", { name: "factual_correctness", exact: true }).locator("..");
  await row.getByRole("button", { name: "Options" }).click();
  await row.locator('input[type="text"]').fill("-1");
  for (const lang of LANGS) {
    await language(page, lang);
    await settle(page);
    await row.screenshot({ path: resolve(OUT, `traces-options-${lang}.png`) });
  }
}

async function connection(page: Page): Promise<void> {
  for (const lang of LANGS) {
    await language(page, lang);
    await page.getByRole("banner").getByRole("button", { name: "Settings", exact: true }).click();
    await page.locator(".test-connection button").click();
    // Both verdicts (the chat model's, then the embedding model's) are in when the button is free again.
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="connection-result"]');
      return (box?.querySelectorAll("p").length ?? 0) >= 2 && !document.querySelector<HTMLButtonElement>(".test-connection button")?.disabled;
    });
    await settle(page);
    await page.locator(".test-connection").screenshot({ path: resolve(OUT, `traces-connection-${lang}.png`) });
    await page
      .getByRole("dialog")
      .getByRole("button", { name: lang === "zh" ? "关闭" : "Close", exact: true })
      .first()
      .click();
  }
  // An embedding model the server does not know: named in the chat check's words.
  await language(page, "en");
  mock.configure({ models: [MOCK_MODEL] });
  await page.getByRole("banner").getByRole("button", { name: "Settings", exact: true }).click();
  await page.locator(".test-connection button").click();
  await page.locator(".test-connection .note-error").waitFor();
  await settle(page);
  await page.locator(".test-connection").screenshot({ path: resolve(OUT, "traces-connection-unknown-embedding-en.png") });
  mock.configure({ models: undefined });
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const app = await builtApp();
  mock = await startMockServer({ latencyMs: 30 });
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    for (const [name, shoot] of [
      ["cards", cards],
      ["options", options],
      ["connection", connection],
    ] as const) {
      if (process.argv.includes("--only") && !process.argv.includes(name)) continue;
      const context = await browser.newContext({ viewport: { width: 1280, height: 1600 }, deviceScaleFactor: 1, locale: "en-US" });
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
