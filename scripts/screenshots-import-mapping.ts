/**
 * Screenshots of the Datasets import's mapping step for a file that names one field twice
 * (question and user_input) and has a row with no answer, in English and Chinese:
 *
 *   npx tsx scripts/screenshots-import-mapping.ts [--no-build]
 *
 * Writes docs/screenshots/import-mapping-shared-field-<en|zh>.png: the note saying which column is
 * read, how rows are counted (from 1 after the header), and the problem named by row and line.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, waitForBoot } from "../test/e2e/browser";
import { openDatasets } from "../test/e2e/runs-helpers";
import { builtApp, chromiumPath } from "./lib";

const OUT = resolve(import.meta.dirname, "..", "docs", "screenshots");
const CSV = [
  "question,user_input,answer,contexts",
  'Who wrote Frankenstein?,Who is the author?,Mary Shelley.,"[""Mary Shelley wrote Frankenstein in 1818.""]"',
  'Where is the Louvre?,,In Paris.,"[""The Louvre is in Paris.""]"',
  ',When did it open?,,"[""It opened in 1793.""]"',
].join("\n");

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const app = await builtApp();
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, locale: "en-US" });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("pageerror", String(e)));
    await page.goto(app.url);
    await waitForBoot(page);
    for (const lang of ["en", "zh"] as const) {
      await page.getByRole("button", { name: lang === "zh" ? "中文" : "EN", exact: true }).click();
      await openDatasets(page);
      await page.getByLabel("Import dataset", { exact: true }).setInputFiles({ name: "shared-field.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
      const mapping = page.getByRole("region", { name: "Column mapping" });
      await mapping.getByRole("alert", { name: "Validation report" }).waitFor();
      await page.evaluate(() => document.fonts.ready);
      await mapping.screenshot({ path: resolve(OUT, `import-mapping-shared-field-${lang}.png`) });
      console.log(`import-mapping-shared-field-${lang}.png`);
      await page.getByRole("button", { name: "Cancel import", exact: true }).click();
      await mapping.waitFor({ state: "detached" });
    }
    await context.close();
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
