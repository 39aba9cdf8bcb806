import { randomBytes } from "node:crypto";
import { expect, test } from "vitest";
import { parseReport } from "../../src/storage/format/report-parse";
import { decodeShareLink, linkBodyOf } from "../../src/storage/format/share-link";
import { button, closeSettings, field, fillSettings } from "./browser";
import { useE2E } from "./context";
import { cliReport, wikiEvalSamples } from "./report-fixtures";
import { download, importReport, notice, openReportsTab, shownMean, storeRows } from "./report-helpers";

const e2e = useE2E();
const KEY = "sk-reports-LEAKCHECK-5b7e2c9d01";

const mean = (text: string, metric: string) => {
  const parsed = parseReport(text, "r.json");
  if (!parsed.ok) throw parsed.error;
  const s = parsed.report.summary[metric] as { mean: number | null };
  return s.mean === null ? "—" : s.mean.toFixed(2);
};

test("Export report then Import report gives the same report (deep equal); Keep report is the only write", async () => {
  const mock = await e2e.mock();
  const original = await cliReport(mock.url, wikiEvalSamples(12));
  const expected = parseReport(original, "r.json");
  if (!expected.ok) throw expected.error;

  const s = await e2e.open();
  await openReportsTab(s.page);
  await importReport(s.page, "run-a.json", original);
  expect(await shownMean(s.page, "faithfulness")).toBe(mean(original, "faithfulness"));
  expect(await shownMean(s.page, "context_recall")).toBe(mean(original, "context_recall"));
  expect(await s.page.getByTestId("ragas-score").innerText()).toBe(expected.report.summary.ragasScore!.toFixed(2));

  const exported = await download(s.page, "Export report");
  expect(exported.fileName).toMatch(/^ragas-report-.*\.json$/);
  expect(JSON.parse(exported.text)).toEqual(expected.report);

  // A fresh profile opens the exported file and exports the very same report again.
  const t = await e2e.open();
  await openReportsTab(t.page);
  await importReport(t.page, "again.json", exported.text);
  expect(await shownMean(t.page, "faithfulness")).toBe(mean(original, "faithfulness"));
  expect(JSON.parse((await download(t.page, "Export report")).text)).toEqual(expected.report);

  // Nothing was stored by opening; "Keep report" stores it, and it opens again from the list.
  expect(await storeRows(t.page, "reports")).toBe(0);
  await button(t.page, "Keep report").click();
  await expect.poll(() => storeRows(t.page, "reports")).toBe(1);
  await t.page.reload();
  await openReportsTab(t.page);
  await t.page.getByRole("button", { name: "Open kept report again.json" }).click();
  expect(await shownMean(t.page, "faithfulness")).toBe(mean(original, "faithfulness"));
  // The URL names the kept report (issue 17): a reload opens it again by itself.
  await expect.poll(() => t.page.url()).toMatch(/#\/reports\/[^/]+$/);
  await t.page.reload();
  await expect.poll(() => shownMean(t.page, "faithfulness"), { timeout: 20_000 }).toBe(mean(original, "faithfulness"));

  // CSV: one row per sample, a score column per metric.
  const csv = await download(t.page, "Export CSV");
  const lines = csv.text.trim().split("\r\n");
  expect(lines).toHaveLength(13);
  expect(lines[0]).toContain("faithfulness,faithfulness_error,faithfulness_reason");
});

test("no export carries the API key set in settings: JSON, CSV, HTML, plain and password links", async () => {
  const mock = await e2e.mock();
  const doc = JSON.parse(await cliReport(mock.url, wikiEvalSamples(3)));
  // A report that carries the key in its text (a careless or hostile file).
  doc.samples[0].answer += ` ${KEY}`;
  doc.results[1].metrics.faithfulness.reason = `key ${KEY}`;
  const s = await e2e.open();
  await fillSettings(s.page, { apiKey: KEY });
  await closeSettings(s.page);
  await openReportsTab(s.page);
  await importReport(s.page, "leaky.json", JSON.stringify(doc));
  await shownMean(s.page, "faithfulness");
  for (const name of ["Export report", "Export CSV", "Export HTML"]) {
    const file = await download(s.page, name);
    expect(file.text, name).not.toContain(KEY);
    expect(file.text, name).toContain("[redacted]");
  }
  for (const password of ["", "pw-key-check"]) {
    await field(s.page, "Share password").fill(password);
    await button(s.page, "Create share link").click();
    const link = await field(s.page, "Share link").inputValue();
    expect(link).not.toContain(KEY);
    const decoded = await decodeShareLink(linkBodyOf(new URL(link).hash)!, password);
    expect(decoded.ok && decoded.text).toContain("[redacted]");
    expect(decoded.ok && decoded.text).not.toContain(KEY);
  }
});

test("a share link opens in a fresh browser context, plain and with a password; a wrong password says so", async () => {
  const mock = await e2e.mock();
  const original = await cliReport(mock.url, wikiEvalSamples(6));
  const s = await e2e.open();
  await openReportsTab(s.page);
  await importReport(s.page, "run.json", original);
  await shownMean(s.page, "faithfulness");

  await button(s.page, "Create share link").click();
  const plain = await field(s.page, "Share link").inputValue();
  expect(plain).toMatch(/#report=r1\.[\w-]+$/);
  const t = await e2e.open();
  await t.page.goto(plain);
  expect(await shownMean(t.page, "faithfulness")).toBe(mean(original, "faithfulness"));
  expect(await shownMean(t.page, "answer_relevancy")).toBe(mean(original, "answer_relevancy"));
  // The fragment never travels: no request the page made carries the report.
  expect(t.requests.filter((u) => u.includes("r1."))).toEqual([]);

  await field(s.page, "Share password").fill("open sesame");
  await button(s.page, "Create share link").click();
  await expect.poll(() => field(s.page, "Share link").inputValue()).toMatch(/#report=r1e\./);
  const sealed = await field(s.page, "Share link").inputValue();
  const u = await e2e.open();
  await u.page.goto(sealed);
  // The receiving side's box is required there, and says so (no "(optional)").
  expect(await field(u.page, "Share password").evaluate((el) => (el as HTMLInputElement).required)).toBe(true);
  expect(await u.page.locator(".password-gate label").innerText()).toBe("Share password");
  await field(u.page, "Share password").fill("open sesam");
  await button(u.page, "Open link").click();
  expect(await notice(u.page)).toMatch(/Wrong password/);
  expect(await u.page.getByTestId("mean-faithfulness").count()).toBe(0);
  await field(u.page, "Share password").fill("open sesame");
  await button(u.page, "Open link").click();
  expect(await shownMean(u.page, "faithfulness")).toBe(mean(original, "faithfulness"));
});

test("Export HTML: one file that shows the scores from disk with every network request blocked", async () => {
  const mock = await e2e.mock();
  const original = await cliReport(mock.url, wikiEvalSamples(4));
  const s = await e2e.open();
  await openReportsTab(s.page);
  await importReport(s.page, "run.json", original);
  await shownMean(s.page, "faithfulness");
  const html = await download(s.page, "Export HTML");
  expect(html.fileName).toMatch(/\.html$/);

  const page = await s.context.newPage();
  const seen: string[] = [];
  const consoleLines: string[] = [];
  page.on("request", (r) => seen.push(r.url()));
  page.on("console", (m) => consoleLines.push(m.text()));
  await s.context.route("**/*", (route) => (route.request().url().startsWith("file:") ? route.continue() : route.abort()));
  await page.goto(`file://${html.path}`);
  await page.getByTestId("mean-faithfulness").waitFor();
  expect((await page.getByTestId("mean-faithfulness").innerText()).trim()).toBe(mean(original, "faithfulness"));
  expect((await page.getByTestId("mean-context_precision").innerText()).trim()).toBe(mean(original, "context_precision"));
  // Each sample's traces are in the file: open the first one.
  await page.locator("details.row > summary").first().click();
  await expect.poll(() => page.locator("details.row[open] ol.trace li").count()).toBeGreaterThan(0);
  expect(seen.filter((u) => !u.startsWith("file:"))).toEqual([]);
  expect(consoleLines.filter((l) => /Content Security Policy|Refused/.test(l))).toEqual([]);
  await page.close();
});

test("a report too long for a link says so and offers a summary-only link, which opens without traces", async () => {
  const mock = await e2e.mock();
  const doc = JSON.parse(await cliReport(mock.url, wikiEvalSamples(2)));
  // 3 MB of incompressible text in one call's reply (a trace): the full link cannot fit in 2 MiB.
  doc.results[0].metrics.faithfulness.trace.calls[0].reply = randomBytes(2_300_000).toString("base64url");
  const s = await e2e.open();
  await openReportsTab(s.page);
  await importReport(s.page, "long.json", JSON.stringify(doc));
  const expectedMean = await shownMean(s.page, "faithfulness");
  await button(s.page, "Create share link").click();
  await expect.poll(() => s.page.getByRole("alert").innerText()).toMatch(/Too long for a link: [\d,]+ characters .*Share the file instead/);
  expect(await field(s.page, "Share link").count()).toBe(0);
  await button(s.page, "Create summary-only link").click();
  const link = await field(s.page, "Share link").inputValue();
  expect(link.length).toBeLessThan(50_000);
  const t = await e2e.open();
  await t.page.goto(link);
  expect(await shownMean(t.page, "faithfulness")).toBe(expectedMean);
  await t.page.locator('button[aria-label^="Open sample"]').first().click();
  await expect.poll(() => t.page.locator(".sample-detail").innerText()).toMatch(/summary-only copy/);
});
