import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { MAX_LINK_CHARS } from "../../src/app/shared/report-exports/exports";
import { useE2E } from "./context";

const e2e = useE2E();

/** Whether Chromium loads `url` with its fragment intact (a tiny same-origin document, not the app). */
async function loadsIntact(page: Page, base: string, n: number): Promise<boolean> {
  const url = `${base}#${"a".repeat(n)}`;
  try {
    // A 2 MiB URL takes Chromium a while on a busy machine: a slow load is not a refusal.
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") throw error;
    return false;
  }
  return (await page.evaluate(() => location.href.length)) === url.length;
}

/**
 * Share-link lengths: of the playground's 1-sample report in the browser (test/e2e/07-report.test.ts),
 * of a 50-sample CLI report in Node (test/app/shared/report-exports/link-lengths.test.ts).
 *
 * Chromium 156 loads a URL of exactly 2,097,152 characters (2 MiB, url::kMaxURLChars) with its
 * fragment intact and refuses one character more: found once by a binary search between 1 and 4
 * million characters with loadsIntact; this test pins the boundary (two navigations, not twenty).
 */
const CHROMIUM_MAX_URL = 2 * 1024 * 1024;

test("Chromium opens a 2 MiB URL intact and not one character more; MAX_LINK_CHARS stays below it", { timeout: 150_000 }, async () => {
  const s = await e2e.open();
  const page = await s.context.newPage();
  const base = `${e2e.appUrl}/favicon.svg`;
  const fragment = CHROMIUM_MAX_URL - base.length - 1;
  expect(await loadsIntact(page, base, fragment)).toBe(true);
  expect(await loadsIntact(page, base, fragment + 1)).toBe(false);
  console.log(`[reports] longest URL Chromium ${page.context().browser()?.version() ?? ""} loaded intact: ${CHROMIUM_MAX_URL} characters`);
  expect(MAX_LINK_CHARS).toBeLessThan(CHROMIUM_MAX_URL);
  await page.close();
});
