import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { button, field } from "./browser";
import { useE2E } from "./context";
import { cliReport, wikiEvalSamples } from "./report-fixtures";
import { parseReport } from "../../src/storage/format/report-parse";
import { expectOfflineAndClean } from "./html-export-helpers";
import { download, importReport, notice, openReportsTab, shownMean, storeRows } from "./report-helpers";

const e2e = useE2E();

const PAYLOAD =
  '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2;alert(2)"><svg onload="window.__pwned=3"></svg><a href="javascript:window.__pwned=4">go</a><!-- ';
const TEXT_KEYS = new Set([
  "question",
  "answer",
  "reference",
  "reason",
  "text",
  "message",
  "content",
  "reply",
  "model",
  "instruction",
  "inputTemplate",
  "name",
]);

/** A report as plain JSON, edited freely by the test. */
type Doc = { config: { baseURL: string }; samples: { id: string }[]; results: { sampleId: string }[] };

/** Every free-text field of a real report prefixed with script tags and event handlers; ids too; baseURL a javascript: URL. */
function hostile(doc: Doc): Doc {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        if (typeof x === "string" && TEXT_KEYS.has(k)) out[k] = PAYLOAD + x;
        else if (k === "contexts" && Array.isArray(x) && typeof x[0] === "string") out[k] = x.map((c: string) => PAYLOAD + c);
        else out[k] = walk(x);
      }
      return out;
    }
    return v;
  };
  const bad = walk(doc) as Doc;
  bad.config.baseURL = "javascript:window.__pwned=5";
  for (const [i, s] of bad.samples.entries()) {
    const id = `${PAYLOAD}${i}`;
    bad.results.find((r) => r.sampleId === s.id)!.sampleId = id;
    s.id = id;
  }
  return bad;
}

/** Fails when a script from the report ran: the flag any payload would set, or a dialog. */
function watch(page: Page): { dialogs: string[]; check(): Promise<void> } {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return {
    dialogs,
    async check() {
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
    },
  };
}

test("a report with script tags and event handlers in every text field renders as inert text: in the view, the HTML export (offline, from disk) and a share link", async () => {
  const mock = await e2e.mock();
  const doc = hostile(JSON.parse(await cliReport(mock.url, wikiEvalSamples(4))));
  const parsed = parseReport(JSON.stringify(doc), "hostile.json");
  if (!parsed.ok) throw parsed.error;
  const mean = (metric: string) => (parsed.report.summary[metric] as { mean: number }).mean.toFixed(2);
  const s = await e2e.open();
  const w = watch(s.page);
  await openReportsTab(s.page);
  await importReport(s.page, "hostile.json", JSON.stringify(doc));
  expect(await shownMean(s.page, "faithfulness")).toBe(mean("faithfulness"));
  await s.page.locator('button[aria-label^="Open sample"]').first().click();
  await s.page.locator(".sample-detail").waitFor();
  for (const summary of await s.page.locator("details > summary").all()) await summary.click();
  expect(await s.page.locator(".sample-detail").innerText()).toContain("<script>window.__pwned=1</script>");
  expect(await s.page.locator(".sample-detail script, .sample-detail img, .sample-detail svg, .sample-detail a[href^='javascript']").count()).toBe(0);
  await w.check();

  // The HTML export: one file that shows the scores from disk with every network request blocked.
  const html = await download(s.page, "Export HTML");
  expect(html.fileName).toMatch(/\.html$/);
  const file = await s.context.newPage();
  const fw = watch(file);
  const requests: string[] = [];
  const consoleLines: string[] = [];
  file.on("request", (r) => requests.push(r.url()));
  file.on("console", (m) => consoleLines.push(m.text()));
  await s.context.route("**/*", (route) => (route.request().url().startsWith("file:") ? route.continue() : route.abort()));
  await file.goto(`file://${html.path}`);
  await file.getByTestId("mean-faithfulness").waitFor();
  expect((await file.getByTestId("mean-faithfulness").innerText()).trim()).toBe(mean("faithfulness"));
  expect((await file.getByTestId("mean-context_precision").innerText()).trim()).toBe(mean("context_precision"));
  // Each sample's traces are in the file: open the first one.
  await file.locator("details.row > summary").first().click();
  await expect.poll(() => file.locator("details.row[open] ol.trace li").count()).toBeGreaterThan(0);
  for (const d of await file.locator("details").all()) await d.evaluate((el) => el.setAttribute("open", ""));
  expect(await file.locator("#app").innerText()).toContain("<script>window.__pwned=1</script>");
  expect(await file.locator("#app img, #app a, #app script, #app svg foreignObject").count()).toBe(0);
  // The histograms are the only SVG: bars, an axis and numeric ticks, no text from the report.
  const ticks = await file.locator("#app svg text").evaluateAll((els) => els.map((e) => e.textContent));
  expect(ticks.length).toBeGreaterThan(0);
  for (const tick of ticks) expect(tick).toMatch(/^\d+$/);
  await fw.check();
  expectOfflineAndClean(requests, consoleLines);
  await file.close();
  await s.context.unroute("**/*");

  // A share link, opened by the address bar (the fragment, as a receiver's browser gets it).
  await button(s.page, "Create share link").click();
  const link = await field(s.page, "Share link").inputValue();
  await s.page.goto(link);
  await expect.poll(() => s.page.locator(".report-head").innerText()).toContain("Shared report");
  expect(await shownMean(s.page, "faithfulness")).toBe(mean("faithfulness"));
  await s.page.locator('button[aria-label^="Open sample"]').first().click();
  expect(await s.page.locator(".sample-detail").innerText()).toContain("<script>window.__pwned=1</script>");
  await w.check();
  expect(await storeRows(s.page, "reports")).toBe(0);
});

test("wrong types and a report that is not one are refused with a reason; a damaged link says so; a long string is shown clipped and inert; nothing is stored", async () => {
  const mock = await e2e.mock();
  const good = await cliReport(mock.url, wikiEvalSamples(2));
  const s = await e2e.open();
  const w = watch(s.page);
  await openReportsTab(s.page);

  // The view shows the reason it was given. Every reason (a newer version, truncated JSON, a 20 MB
  // string that opens) is proven through the same code in Node: test/app/reports/open-report.test.ts.
  const wrongType = JSON.parse(good);
  wrongType.results[0].metrics.faithfulness.score = "0.9";
  const cases: [string, string, RegExp][] = [
    ["wrong-type.json", JSON.stringify(wrongType), /^Not opened, nothing was stored\. wrong-type\.json: results\[0\]\.metrics\.faithfulness\.score: /],
    ["not-a-report.json", JSON.stringify({ hello: "<script>window.__pwned=1</script>" }), /not a Ragas Playground report/],
  ];
  for (const [name, text, message] of cases) {
    await importReport(s.page, name, text);
    await expect.poll(() => notice(s.page)).toMatch(message);
  }
  expect(await s.page.getByTestId("mean-faithfulness").count()).toBe(0);

  // A long answer (with a payload) opens: the table clips it, nothing runs. The table clips at 160
  // characters whatever the length, so 200,000 show what 20 MB would (20 MB opening: in Node).
  const huge = JSON.parse(good);
  huge.samples[0].answer = `${PAYLOAD}${"x".repeat(200_000)}`;
  huge.samples[0].question = `${PAYLOAD}${"q".repeat(1000)}`;
  await importReport(s.page, "huge.json", JSON.stringify(huge));
  expect(await shownMean(s.page, "faithfulness")).toMatch(/^\d\.\d\d$/);
  expect((await s.page.locator("table[aria-label='Results'] tbody").innerText()).length).toBeLessThan(5000);

  // A damaged link says so.
  await s.page.goto(`${e2e.appUrl}/#report=r1.AAAA-not-deflate`);
  await expect.poll(() => notice(s.page)).toMatch(/damaged or cut short/);
  await s.page.goto(`${e2e.appUrl}/#report=r9.abc`);
  await expect.poll(() => notice(s.page)).toMatch(/newer Ragas Playground/);

  await w.check();
  expect(await storeRows(s.page, "reports")).toBe(0);
});
