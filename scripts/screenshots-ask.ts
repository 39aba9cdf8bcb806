/**
 * Screenshots of "Ask your system" (issue 29), driven as a user would against the stand-in RAG
 * server, in English and Chinese, 1280 and 420 px wide:
 *
 *   npx tsx scripts/screenshots-ask.ts [--no-build]
 *
 * Writes docs/screenshots/ask-target-<en|zh>-<1280|420>.png (the target form and "Test with one
 * row": the request sent with the secret header redacted, the reply, what each path picked) and
 * ask-progress-<en|zh>-<1280|420>.png (a job paused mid-way: progress, latency, the latest rows).
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS, waitForBoot } from "../test/e2e/browser";
import { startRagServer } from "../test/target/rag-server";
import { builtApp, chromiumPath } from "./lib";

const OUT = resolve(import.meta.dirname, "..", "docs", "screenshots");
const TOKEN = "rag-token-screens";
const QUESTIONS = [
  "How tall is the Eiffel Tower?",
  "埃菲尔铁塔是哪一年建成的？",
  "[500] Who designed the lattice?",
  "Which material was used?",
  "埃菲尔铁塔每年有多少游客？",
  "Why was it nearly demolished?",
  "What stands on its top?",
  "How many steps lead up?",
];
const CSV = `question,reference\n${QUESTIONS.map((q, i) => `${q},Reference ${i + 1}.`).join("\n")}\n`;

async function shoot(page: Page, lang: "en" | "zh", width: number, server: { url: string; configure(o: { latencyMs: number }): void }): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  // By the tab's id: its name is the UI language's.
  await page.locator("#tab-datasets").click();
  await page.locator('input[type="file"]').first().waitFor({ state: "attached" });
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: `questions-${lang}-${width}.csv`, mimeType: "text/csv", buffer: Buffer.from(CSV) });
  const panel = page.locator("section.ask-panel");
  await panel.waitFor();
  const url = panel.locator("input[type=text]").first();
  await url.fill(`${server.url}/invoke`);
  if ((await panel.locator(".ask-header").count()) === 0) await panel.locator(".ask-headers > button").click();
  await panel.locator(".ask-header input[type=password]").fill(`Bearer ${TOKEN}`);
  await panel.locator(".ask-test > button").click();
  await panel.locator(".ask-exchange dl").waitFor();
  await page.evaluate(() => document.fonts.ready);
  await panel.screenshot({ path: resolve(OUT, `ask-target-${lang}-${width}.png`) });
  console.log(`ask-target-${lang}-${width}.png`);

  // One call at a time, slow enough to pause with rows left.
  server.configure({ latencyMs: 400 });
  await panel.locator(".ask-number input").first().fill("1");
  await panel.locator(".ask-controls > button.btn-primary").click();
  await page.waitForFunction(() => Number(document.querySelector(".ask-progress progress")?.getAttribute("value")) >= 3);
  await panel.locator(".ask-controls > button").first().click();
  await panel.locator(".ask-controls > button.btn-primary").waitFor();
  server.configure({ latencyMs: 0 });
  const progress = panel.locator(".ask-controls, .ask-progress, .ask-recent");
  await progress.last().scrollIntoViewIfNeeded();
  await page.evaluate(() => document.fonts.ready);
  const box = await panel.locator(".ask-options").boundingBox();
  const end = await panel.boundingBox();
  // Bounding boxes are relative to the viewport; a full-page clip is in page coordinates.
  const scrollY = await page.evaluate("window.scrollY");
  if (box && end && typeof scrollY === "number") {
    const clip = { x: end.x, y: box.y + scrollY, width: end.width, height: end.y + end.height - box.y };
    await page.screenshot({ path: resolve(OUT, `ask-progress-${lang}-${width}.png`), clip, fullPage: true });
  }
  console.log(`ask-progress-${lang}-${width}.png`);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const app = await builtApp();
  const server = await startRagServer({ latencyMs: 0 });
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    for (const lang of ["en", "zh"] as const) {
      for (const width of [1280, 420]) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, locale: "en-US" });
        const page = await context.newPage();
        page.on("pageerror", (e) => console.error("pageerror", String(e)));
        await page.goto(app.url);
        await waitForBoot(page);
        if (lang === "zh") await page.getByRole("button", { name: "中文", exact: true }).click();
        await shoot(page, lang, width, server);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
    await app.close();
  }
}

await main();
