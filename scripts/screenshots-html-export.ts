/**
 * Screenshots of the HTML export of a report with every metric (17 built-in, 3 custom judges),
 * in English and in Chinese (the export takes the app's language at export time), at 1400 and at
 * 420 px, opened from disk with every request but file: refused:
 *
 *   npx tsx scripts/screenshots-html-export.ts
 *
 * Writes docs/screenshots/html-export-20-metrics-{en,zh}-{1400,420}.png. The report is scored by
 * the real CLI against the mock OpenAI server; no app build is needed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { createServer } from "vite";
import type * as Exports from "../src/app/shared/report-exports/exports";
import type * as Messages from "../src/app/shared/report-exports/messages";
import type * as Store from "../src/app/shared/store";
import { CHROMIUM_ARGS } from "../test/e2e/browser";
import { everyMetricReport } from "../test/e2e/every-metric-report";
import { startMockServer } from "../test/mock/server";
import { chromiumPath } from "./lib";

const OUT = resolve(import.meta.dirname, "..", "docs", "screenshots");

/** The export code through Vite (the viewer script is imported with ?raw), one module world for the store and the catalogues. */
async function exportCode() {
  const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: "custom", logLevel: "error" });
  const load = <T>(path: string) => vite.ssrLoadModule(resolve(import.meta.dirname, "..", path)) as Promise<T>;
  const [{ exportHtml }, { currentReportsT }, { useApp }] = await Promise.all([
    load<typeof Exports>("src/app/shared/report-exports/exports.ts"),
    load<typeof Messages>("src/app/shared/report-exports/messages.ts"),
    load<typeof Store>("src/app/shared/store/index.ts"),
  ]);
  return { exportHtml, currentReportsT, useApp, close: () => vite.close() };
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const { exportHtml, currentReportsT, useApp, close } = await exportCode();
  const mock = await startMockServer({});
  const report = await everyMetricReport(mock.url, 8).finally(() => mock.close());
  const dir = mkdtempSync(join(tmpdir(), "shot-html-wide-"));
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    for (const lang of ["en", "zh"] as const) {
      useApp.setState({ lang });
      const path = join(dir, `report-${lang}.html`);
      writeFileSync(path, await exportHtml(report, [], { ...currentReportsT().html }, lang));
      for (const width of [1400, 420]) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, locale: lang === "zh" ? "zh-CN" : "en-US" });
        await context.route("**/*", (route) => (route.request().url().startsWith("file:") ? route.continue() : route.abort()));
        const file = await context.newPage();
        await file.goto(`file://${path}`);
        await file.getByTestId("mean-faithfulness").waitFor();
        const name = `html-export-20-metrics-${lang}-${width}.png`;
        await file.screenshot({ path: resolve(OUT, name), fullPage: true });
        console.log(`docs/screenshots/${name}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
