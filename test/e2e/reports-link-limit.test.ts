import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { MAX_LINK_CHARS, makeShareLink } from "../../src/app/shared/report-exports/exports";
import { parseReport } from "../../src/storage/format/report-parse";
import { button, field, fillSample, useMock, waitForIdle, waitForScores } from "./browser";
import { useE2E } from "./context";
import { wikiEvalSample } from "./fixtures";
import { download, importReport, openReportsTab, shownMean } from "./report-helpers";

const e2e = useE2E();

/** Whether Chromium loads `url` with its fragment intact (a tiny same-origin document, not the app). */
async function loadsIntact(page: Page, base: string, n: number): Promise<boolean> {
  const url = `${base}#${"a".repeat(n)}`;
  try {
    await page.goto(url, { waitUntil: "load", timeout: 15_000 });
  } catch {
    return false;
  }
  return (await page.evaluate(() => location.href.length)) === url.length;
}

/**
 * Chromium 156 loads a URL of exactly 2,097,152 characters (2 MiB, url::kMaxURLChars) with its
 * fragment intact and refuses one character more: found once by a binary search between 1 and 4
 * million characters with loadsIntact; this test pins the boundary (two navigations, not twenty).
 */
const CHROMIUM_MAX_URL = 2 * 1024 * 1024;

test("Chromium opens a 2 MiB URL intact and not one character more; MAX_LINK_CHARS stays below it", async () => {
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

test("link lengths of the playground's 1-sample report (with call text): it opens in Reports, full and password links shorter than the file", async () => {
  // The 50-sample CLI report's lengths (and its password link opening): test/app/shared/report-exports/link-lengths.test.ts.
  const mock = await e2e.mock();
  const s = await e2e.open();
  const { page } = s;
  await useMock(page, mock.url);
  await fillSample(page, wikiEvalSample("Oppenheimer (film)"));
  await button(page, "Score").click();
  await waitForScores(page);
  await waitForIdle(page);
  const one = (await download(page, "Export report")).text;

  // The playground's result opens in the Reports view, with its CSV, HTML and link exports.
  await button(page, "Open in Reports").click();
  const parsed = parseReport(one, "one.json");
  if (!parsed.ok) throw parsed.error;
  expect(await shownMean(page, "faithfulness")).toBe((parsed.report.summary.faithfulness as { mean: number }).mean.toFixed(2));

  // The exported file opens in the Reports view too; its links are made from the file.
  await openReportsTab(page);
  await importReport(page, "1 sample (playground export).json", one);
  await expect.poll(() => page.locator(".report-head").innerText()).toContain("1 sample (playground export).json");
  expect(await shownMean(page, "faithfulness")).toBe((parsed.report.summary.faithfulness as { mean: number }).mean.toFixed(2));

  const lengths: number[] = [];
  for (const password of ["", "a share password"]) {
    await field(page, "Share password").fill(password);
    await button(page, "Create share link").click();
    await expect.poll(() => field(page, "Share link").inputValue()).toMatch(password ? /#report=r1e\./ : /#report=r1\./);
    lengths.push((await field(page, "Share link").inputValue()).length);
  }
  const html = await download(page, "Export HTML");
  // Summary-only links are offered only when the full one is too long; measured here with the same code in Node.
  const slim = await makeShareLink(parsed.report, [], `${e2e.appUrl}/`, { summaryOnly: true });
  console.log(
    `[reports] 1 sample (playground export): file ${one.length} B; HTML export ${html.text.length} B; link ${lengths[0]} chars, with password ${lengths[1]}, summary only ${slim.url.length}`,
  );
  expect(lengths[0]).toBeLessThan(one.length);
  expect(lengths[1]).toBeLessThan(MAX_LINK_CHARS);
});
