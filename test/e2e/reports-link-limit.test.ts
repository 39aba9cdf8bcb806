import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { MAX_LINK_CHARS, makeShareLink } from "../../src/app/shared/report-exports/exports";
import { parseReport } from "../../src/storage/format/report-parse";
import { button, field, fillSample, useMock, waitForIdle, waitForScores } from "./browser";
import { useE2E } from "./context";
import { wikiEvalSample } from "./fixtures";
import { cliReport, wikiEvalSamples } from "./report-fixtures";
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

test("link lengths: 1 sample (playground, with call text) and 50 samples (CLI), full, password, summary only", async () => {
  const mock = await e2e.mock();
  const s = await e2e.open();
  const { page } = s;
  await useMock(page, mock.url);
  await fillSample(page, wikiEvalSample("Oppenheimer (film)"));
  await button(page, "Score").click();
  await waitForScores(page);
  await waitForIdle(page);
  const one = (await download(page, "Export report")).text;
  const fifty = await cliReport(mock.url, wikiEvalSamples(50));

  // The playground's result opens in the Reports view, with its CSV, HTML and link exports.
  await button(page, "Open in Reports").click();
  const oneParsed = parseReport(one, "one.json");
  if (!oneParsed.ok) throw oneParsed.error;
  expect(await shownMean(page, "faithfulness")).toBe((oneParsed.report.summary.faithfulness as { mean: number }).mean.toFixed(2));

  const lines: string[] = [];
  for (const [name, text] of [
    ["1 sample (playground export)", one],
    ["50 samples (CLI)", fifty],
  ] as const) {
    await openReportsTab(page);
    await importReport(page, `${name}.json`, text);
    await shownMean(page, "faithfulness");
    const lengths: number[] = [];
    for (const password of ["", "a share password"]) {
      await field(page, "Share password").fill(password);
      await button(page, "Create share link").click();
      await expect.poll(() => field(page, "Share link").inputValue()).toMatch(password ? /#report=r1e\./ : /#report=r1\./);
      lengths.push((await field(page, "Share link").inputValue()).length);
    }
    const parsed = parseReport(text, name);
    if (!parsed.ok) throw parsed.error;
    const html = await download(page, "Export HTML");
    // Summary-only links are offered only when the full one is too long; measured here with the same code in Node.
    const slim = await makeShareLink(parsed.report, [], `${e2e.appUrl}/`, { summaryOnly: true });
    lines.push(
      `${name}: file ${text.length} B; HTML export ${html.text.length} B; link ${lengths[0]} chars, with password ${lengths[1]}, summary only ${slim.url.length} (${(lengths[0]! / parsed.report.samples.length).toFixed(0)} chars/sample)`,
    );
    expect(lengths[0]).toBeLessThan(text.length);
    if (name.startsWith("50")) {
      // The 50-sample password link opens in a fresh profile.
      const link = await field(page, "Share link").inputValue();
      const t = await e2e.open();
      await t.page.goto(link);
      await field(t.page, "Share password").fill("a share password");
      await button(t.page, "Open link").click();
      expect(await shownMean(t.page, "faithfulness")).toBe((parsed.report.summary.faithfulness as { mean: number }).mean.toFixed(2));
    }
    await page.getByRole("tab", { name: "Playground", exact: true }).click();
  }
  console.log(`[reports] ${lines.join("\n[reports] ")}`);
}, 180_000);
