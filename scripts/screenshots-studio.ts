/**
 * README screenshots of the prompt studio (issue 26), in English and in Chinese, against the
 * project's mock server (its studio judge: a verdicts prompt saying STRICT rejects every statement):
 *
 *   npx tsx scripts/screenshots-studio.ts [--no-build]
 *
 * Writes docs/screenshots/judge-form-<en|zh>.png (a rubric judge being written: the fields beside
 * the fixed-height prompt preview) and studio-compare-after-save-<en|zh>.png (a version saved, then
 * "Score with this version": the saved version against the one active before the save).
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Page } from "playwright-core";
import { button, CHROMIUM_ARGS, waitForBoot } from "../test/e2e/browser";
import { wikiEvalSample } from "../test/e2e/fixtures";
import { connect, openStudio, setEditorText } from "../test/e2e/studio-helpers";
import { type MockServer, startMockServer } from "../test/mock/server";
import { studioResponders } from "../test/mock/studio-brains";
import { builtApp, chromiumPath } from "./lib";

const OUT = resolve(import.meta.dirname, "..", "docs", "screenshots");

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

const language = (page: Page, lang: "en" | "zh") => page.getByRole("button", { name: lang === "zh" ? "中文" : "EN", exact: true }).click();

const JUDGES = {
  en: {
    name: "Cites its sources",
    definition: "Every claim in the answer names the context it comes from.",
    levels: [
      "No claim cites a context.",
      "A few claims cite a context.",
      "About half the claims cite one.",
      "Most claims cite one.",
      "Every claim cites its context.",
    ],
  },
  zh: {
    name: "注明出处",
    definition: "回答中的每个论断都注明它来自哪段上下文。",
    levels: ["没有论断注明上下文。", "少数论断注明了上下文。", "约一半论断注明了出处。", "大多数论断注明了出处。", "每个论断都注明了出处。"],
  },
};

async function judgeForm(page: Page): Promise<void> {
  await openStudio(page);
  await button(page, "New judge").click();
  for (const lang of ["en", "zh"] as const) {
    await language(page, lang);
    const judge = JUDGES[lang];
    await page.getByLabel("Judge name", { exact: true }).fill(judge.name);
    await page.getByLabel("Judge definition", { exact: true }).fill(judge.definition);
    await page.getByLabel("Judge scale", { exact: true }).selectOption("rubric");
    for (const [i, text] of judge.levels.entries()) await page.getByLabel(`Level ${i + 1}`, { exact: true }).fill(text);
    await page.getByLabel("Judge sees contexts", { exact: true }).check();
    await page.getByLabel("Judge strictness", { exact: true }).selectOption("3");
    await settle(page);
    await page.locator(".studio-judges").screenshot({ path: resolve(OUT, `judge-form-${lang}.png`) });
  }
}

async function compareAfterSave(page: Page, mock: MockServer): Promise<void> {
  await connect(page, mock, wikiEvalSample("Oppenheimer (film)"));
  await openStudio(page);
  // (studio-helpers' selectPrompt waits with vitest's expect.poll, which needs a test run)
  await page
    .getByRole("navigation", { name: "Prompts by metric" })
    .getByRole("button", { name: /faithfulness\.verdicts/ })
    .click();
  await page.waitForFunction(() => document.querySelector("#studio-prompt-title + code")?.textContent === "faithfulness.verdicts");
  await setEditorText(
    page,
    "Instruction of faithfulness.verdicts",
    "STRICT. Check each numbered statement against the context alone; only literal support counts.",
  );
  await page.getByRole("textbox", { name: "Version name", exact: true }).fill("strict-v1");
  await button(page, "Save version").click();
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[aria-label="Use strict-v1"]')?.checked === true);
  await button(page, "Score with this version").click();
  await page.getByTestId("compare-after").waitFor({ timeout: 30_000 });
  for (const lang of ["en", "zh"] as const) {
    await language(page, lang);
    await settle(page);
    await page.locator(".studio-grid").screenshot({ path: resolve(OUT, `studio-compare-after-save-${lang}.png`) });
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const app = await builtApp();
  const mock = await startMockServer({ latencyMs: 30, responders: studioResponders });
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    for (const [name, shoot] of [
      ["judge form", (page: Page) => judgeForm(page)],
      ["compare after save", (page: Page) => compareAfterSave(page, mock)],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, deviceScaleFactor: 1, locale: "en-US" });
      try {
        const page = await context.newPage();
        await page.goto(app.url);
        await waitForBoot(page);
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
