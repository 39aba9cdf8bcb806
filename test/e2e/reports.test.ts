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

  // The exported file opens again (in place of the first) and exports the very same report. That it
  // needs nothing else (no state of this page) is the parse round trip, proven in Node
  // (test/app/playground/report-file/report-io.test.ts, test/storage/format/report.test.ts).
  await importReport(s.page, "again.json", exported.text);
  await expect.poll(() => s.page.locator(".report-head").innerText()).toContain("again.json");
  expect(await shownMean(s.page, "faithfulness")).toBe(mean(original, "faithfulness"));
  expect(JSON.parse((await download(s.page, "Export report")).text)).toEqual(expected.report);

  // Nothing was stored by opening (either file); "Keep report" stores it, and it opens again from the list.
  expect(await storeRows(s.page, "reports")).toBe(0);
  await button(s.page, "Keep report").click();
  await expect.poll(() => storeRows(s.page, "reports")).toBe(1);
  await s.page.reload();
  await openReportsTab(s.page);
  await s.page.getByRole("button", { name: "Open kept report again.json" }).click();
  expect(await shownMean(s.page, "faithfulness")).toBe(mean(original, "faithfulness"));
  // The URL names the kept report (issue 17): a reload opens it again by itself.
  await expect.poll(() => s.page.url()).toMatch(/#\/reports\/[^/]+$/);
  await s.page.reload();
  await expect.poll(() => shownMean(s.page, "faithfulness"), { timeout: 20_000 }).toBe(mean(original, "faithfulness"));

  // CSV: one row per sample, a score column per metric.
  const csv = await download(s.page, "Export CSV");
  const lines = csv.text.trim().split("\r\n");
  expect(lines).toHaveLength(13);
  expect(lines[0]).toContain("faithfulness,faithfulness_error,faithfulness_reason");
});

test("no export carries the API key set in settings: JSON, CSV, HTML, plain and password links", async () => {
  const mock = await e2e.mock();
  const doc = JSON.parse(await cliReport(mock.url, wikiEvalSamples(2)));
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

test("share links open in a fresh browser context: plain, with a password (a wrong one says so), and summary-only when the full report is too long", async () => {
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

  // The password link, in the same receiving profile (which holds no copy: nothing is stored from a link).
  await field(s.page, "Share password").fill("open sesame");
  await button(s.page, "Create share link").click();
  await expect.poll(() => field(s.page, "Share link").inputValue()).toMatch(/#report=r1e\./);
  const sealed = await field(s.page, "Share link").inputValue();
  // Loaded afresh, as a link pasted into a new tab is (a hash change alone would keep the report shown).
  await t.page.goto(sealed);
  await t.page.reload();
  // The receiving side's box is required there, and says so (no "(optional)").
  expect(await field(t.page, "Share password").evaluate((el) => (el as HTMLInputElement).required)).toBe(true);
  expect(await t.page.locator(".password-gate label").innerText()).toBe("Share password");
  await field(t.page, "Share password").fill("open sesam");
  await button(t.page, "Open link").click();
  expect(await notice(t.page)).toMatch(/Wrong password/);
  expect(await t.page.getByTestId("mean-faithfulness").count()).toBe(0);
  await field(t.page, "Share password").fill("open sesame");
  await button(t.page, "Open link").click();
  expect(await shownMean(t.page, "faithfulness")).toBe(mean(original, "faithfulness"));

  // Too long: 3 MB of incompressible text in one call's reply (a trace): the full link cannot fit in 2 MiB.
  const doc = JSON.parse(original);
  doc.results[0].metrics.faithfulness.trace.calls[0].reply = randomBytes(2_300_000).toString("base64url");
  await field(s.page, "Share password").fill("");
  await importReport(s.page, "long.json", JSON.stringify(doc));
  await expect.poll(() => s.page.locator(".report-head").innerText()).toContain("long.json");
  await button(s.page, "Create share link").click();
  await expect.poll(() => s.page.getByRole("alert").innerText()).toMatch(/Too long for a link: [\d,]+ characters .*Share the file instead/);
  expect(await field(s.page, "Share link").count()).toBe(0);
  await button(s.page, "Create summary-only link").click();
  const slim = await field(s.page, "Share link").inputValue();
  expect(slim.length).toBeLessThan(50_000);
  await t.page.goto(slim);
  await t.page.locator('button[aria-label^="Open sample"]').first().click();
  await expect.poll(() => t.page.locator(".sample-detail").innerText()).toMatch(/summary-only copy/);
  expect(await shownMean(t.page, "faithfulness")).toBe(mean(original, "faithfulness"));
});
