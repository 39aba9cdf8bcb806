/**
 * Survey (not committed output): every view at 1280 and 420 px, English and Chinese, with data in it.
 *   npx tsx scripts/survey-views.ts [--no-build] [--out DIR]
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { button, CHROMIUM_ARGS, useMock, waitForBoot } from "../test/e2e/browser";
import { cliReport, wikiEvalSamples } from "../test/e2e/report-fixtures";
import { startMockServer } from "../test/mock/server";
import { sharedPath } from "../test/shared-dir";
import { builtApp, CHROMIUM_PATH } from "./lib";

const outArg = process.argv.indexOf("--out");
const OUT = outArg > 0 ? process.argv[outArg + 1]! : "/tmp/survey";

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  for (const started = Date.now(); !(await check()); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
  }
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
}

async function tab(page: Page, name: string) {
  const t = page.getByRole("tab", { name, exact: true });
  if ((await t.count()) > 0) await t.click();
  else await button(page, name).click();
}

async function shot(page: Page, name: string) {
  await settle(page);
  const width = page.viewportSize()!.width;
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log(`${name}: scrollWidth ${wide} / ${width}${wide > width ? "  OVERFLOW" : ""}`);
  await page.screenshot({ path: resolve(OUT, `${name}.png`), fullPage: true });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const tileH = width > 600 ? 900 : 1000;
  for (let y = 0, i = 0; y < height; y += tileH, i++)
    await page.screenshot({
      path: resolve(OUT, "tiles", `${name}-${i}.png`),
      fullPage: true,
      clip: { x: 0, y, width: wide, height: Math.min(tileH, height - y) },
    });
}

async function main() {
  mkdirSync(resolve(OUT, "tiles"), { recursive: true });
  const app = await builtApp();
  const mock = await startMockServer({ latencyMs: 5 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const report = await cliReport(mock.url, wikiEvalSamples(8));
  try {
    for (const lang of ["en", "zh"] as const)
      for (const width of [1280, 420]) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, locale: lang === "zh" ? "zh-CN" : "en-US" });
        const page = await context.newPage();
        page.on("pageerror", (e) => console.log("pageerror", String(e)));
        await page.goto(app.url);
        await waitForBoot(page);
        if (lang === "zh") await page.getByRole("button", { name: "中文", exact: true }).click();
        const tag = `${lang}-${width}`;
        await useMock(page, mock.url);
        // Playground: score the built-in example.
        await button(page, lang === "zh" ? "中文示例" : "English example").click();
        await button(page, "Score").click();
        await page.getByTestId("score-faithfulness").waitFor({ timeout: 60_000 });
        await page.waitForTimeout(1500);
        await shot(page, `${tag}-playground`);
        await tab(page, "Prompts");
        await page.waitForTimeout(3000);
        await shot(page, `${tag}-prompts`);
        // Datasets: import and run.
        await tab(page, "Datasets");
        const jsonl = wikiEvalSamples(6)
          .map((s) => JSON.stringify(s))
          .join("\n");
        await page
          .getByLabel("Import dataset", { exact: true })
          .setInputFiles({ name: "wikieval-6.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(jsonl) });
        const mapping = page.getByRole("region", { name: "Column mapping" });
        await mapping.waitFor();
        await page.waitForTimeout(800);
        await shot(page, `${tag}-datasets-mapping`);
        await mapping.locator(".btn-primary").click();
        await page.locator("form.runs-form").first().waitFor();
        await page.locator("form.runs-form button[type=submit]").click();
        await until(async () => Number(await page.getByRole("progressbar", { name: "Run progress" }).getAttribute("aria-valuenow")) === 6, "run", 90_000);
        await page.waitForTimeout(1000);
        await shot(page, `${tag}-datasets`);
        await tab(page, "Reports");
        await page
          .getByLabel("Import report", { exact: true })
          .setInputFiles({ name: "wikieval-8.json", mimeType: "application/json", buffer: Buffer.from(report) });
        await page.getByTestId("mean-faithfulness").first().waitFor({ state: "visible" });
        await shot(page, `${tag}-reports`);
        await tab(page, "Agreement");
        await page.getByLabel("Import agreement data", { exact: true }).setInputFiles(sharedPath("wikieval", "WikiEval_samples_10.jsonl"));
        await button(page, "Run agreement").click();
        await page.locator('[data-cell="gpt_ranking/context_relevance"] .accuracy').waitFor({ timeout: 120_000 });
        await page.locator('[data-cell="ragas/faithfulness"]').click();
        await shot(page, `${tag}-agreement`);
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
