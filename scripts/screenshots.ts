/**
 * README screenshots of the playground after scoring a built-in example with the demo judge
 * (no key, no network): English and Chinese at 1280x800, and a narrow (420 px) window.
 *
 *   npx tsx scripts/screenshots.ts [--no-build]
 *
 * Writes docs/screenshots/playground-en.png, playground-zh.png and playground-narrow.png.
 * The wide shots are full-page captures of a 1280x800 window (so all five traces are in the
 * picture; the first 800 px are what the window shows); the narrow one is the 420x900 window
 * scrolled to the results.
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { resolve } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { button, CHROMIUM_ARGS, METRIC_IDS, resultCard, waitForBoot, waitForIdle, waitForScores } from "../test/e2e/browser";
import { builtApp, chromiumPath } from "./lib";

const OUT = resolve(import.meta.dirname, "..", "docs", "screenshots");
/** What the 1280x800 window itself shows, for checking the layout (not committed). */
const WINDOW_OUT = resolve(tmpdir(), "ragas-playground-screenshots");

interface Shot {
  file: string;
  width: number;
  height: number;
  lang: "en" | "zh";
  /** The whole page (all five traces), or the window scrolled to the results. */
  capture: "full-page" | "results";
}

const SHOTS: Shot[] = [
  { file: "playground-en.png", width: 1280, height: 800, lang: "en", capture: "full-page" },
  { file: "playground-zh.png", width: 1280, height: 800, lang: "zh", capture: "full-page" },
  { file: "playground-narrow.png", width: 420, height: 900, lang: "en", capture: "results" },
];

async function scoreExample(page: Page, lang: "en" | "zh"): Promise<void> {
  if (lang === "zh") {
    await page.getByRole("button", { name: "中文", exact: true }).click();
    await button(page, "中文示例").click();
  } else {
    await button(page, "English example").click();
  }
  await button(page, "Score").click();
  await waitForScores(page);
  await waitForIdle(page);
  for (const id of METRIC_IDS) await resultCard(page, id).waitFor();
  // Fonts and layout settle, the focus ring leaves the Score button.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
}

async function take(browser: Browser, appUrl: string, shot: Shot): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: shot.width, height: shot.height },
    deviceScaleFactor: 1,
    locale: shot.lang === "zh" ? "zh-CN" : "en-US",
  });
  try {
    const page = await context.newPage();
    await page.goto(appUrl);
    await waitForBoot(page);
    await scoreExample(page, shot.lang);
    if (shot.capture === "results") {
      await page.evaluate(() => document.getElementById("results")?.scrollIntoView({ block: "start" }));
      await page.waitForTimeout(100);
      await page.screenshot({ path: resolve(OUT, shot.file) });
    } else {
      // Look at the 1280x800 window first (for the report), then grow the window to the whole
      // page: a full-page capture of a short window would paint sticky parts (the Score bar)
      // in the middle of the page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: resolve(WINDOW_OUT, shot.file) });
      for (let i = 0; i < 3; i++) {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        if (height === page.viewportSize()?.height) break;
        await page.setViewportSize({ width: shot.width, height });
        await page.waitForTimeout(200);
      }
      await page.screenshot({ path: resolve(OUT, shot.file) });
    }
    const size = await page.evaluate(() => ({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight }));
    console.log(`docs/screenshots/${shot.file}: ${shot.width}x${shot.height} window, page ${size.w}x${size.h}`);
    if (size.w > shot.width) console.log(`  warning: the page is wider than the window (${size.w} > ${shot.width}): horizontal scrolling`);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  mkdirSync(WINDOW_OUT, { recursive: true });
  const app = await builtApp();
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    for (const shot of SHOTS) await take(browser, app.url, shot);
  } finally {
    await browser.close();
    await app.close();
  }
  console.log(`(what the 1280x800 window shows: ${WINDOW_OUT})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
