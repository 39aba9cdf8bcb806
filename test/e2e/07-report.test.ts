import { readFile } from "node:fs/promises";
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { button, field, fillSample, METRIC_IDS, statusLine, waitForIdle, waitForScores, asScore, useMock } from "./browser";
import { useE2E } from "./context";
import { MOCK_MODEL, wikiEvalSample } from "./fixtures";
import { download as downloadFile, importReport, openReportsTab, shownMean } from "./report-helpers";
import { MAX_LINK_CHARS } from "../../src/app/shared/report-exports/exports";

const e2e = useE2E();
const KEY = "sk-export-secret-e2e-0987654321";
const sample = wikiEvalSample("Oppenheimer (film)");

/** Every value in every object store of every IndexedDB database of the page, as JSON. */
async function indexedDbDump(page: Page): Promise<string> {
  return page.evaluate(`(async () => {
    const out = [];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise((ok, fail) => { const r = indexedDB.open(info.name); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
      for (const name of db.objectStoreNames) {
        const rows = await new Promise((ok, fail) => { const r = db.transaction(name).objectStore(name).getAll(); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
        out.push({ db: info.name, store: name, rows });
      }
      db.close();
    }
    return JSON.stringify(out);
  })()`);
}

test("Export report writes a contract-5 report without the key; it opens in Reports with share links shorter than the file; Import report brings the sample and its results back", async () => {
  const mock = await e2e.mock({ apiKey: KEY });
  const s = await e2e.open();
  const { page } = s;
  await useMock(page, mock.url, KEY);
  await fillSample(page, sample);
  await button(page, "Score").click();
  const scores = await waitForScores(page);
  await waitForIdle(page);
  for (const id of METRIC_IDS) asScore(scores[id]);

  const [download] = await Promise.all([page.waitForEvent("download"), button(page, "Export report").click()]);
  expect(download.suggestedFilename()).toMatch(/^ragas-report-.*\.json$/);
  const path = await download.path();
  const text = await readFile(path, "utf8");
  expect(text).not.toContain(KEY);
  const report = JSON.parse(text);
  expect(report.format).toBe("ragas-playground/report");
  expect(Number.isInteger(report.version)).toBe(true);
  expect(new Date(report.createdAt).toISOString()).toBe(report.createdAt);
  expect(report.config.model).toBe(MOCK_MODEL);
  expect(report.config.baseURL).toBe(mock.url);
  expect(report.samples).toHaveLength(1);
  expect(report.samples[0]).toMatchObject({ question: sample.question, answer: sample.answer, contexts: sample.contexts, reference: sample.reference });
  const metrics = report.results[0].metrics;
  for (const id of METRIC_IDS) {
    expect(metrics[id].score.toFixed(2), id).toBe(scores[id]);
    expect(report.summary[id]).toMatchObject({ count: 1, nullCount: 0 });
  }
  expect(report.usage.requests).toBeGreaterThan(0);

  // The key was not remembered: it is nowhere in IndexedDB either.
  expect(await indexedDbDump(page)).not.toContain(KEY);

  // The result opens in the Reports view, and so does the file; its share links (with the call
  // text) are shorter than the file. (A 50-sample CLI report's lengths: link-lengths.test.ts in Node.)
  await button(page, "Open in Reports").click();
  expect(await shownMean(page, "faithfulness")).toBe(report.summary.faithfulness.mean.toFixed(2));
  await openReportsTab(page);
  await importReport(page, "1 sample (playground export).json", text);
  await expect.poll(() => page.locator(".report-head").innerText()).toContain("1 sample (playground export).json");
  expect(await shownMean(page, "faithfulness")).toBe(report.summary.faithfulness.mean.toFixed(2));
  const lengths: number[] = [];
  for (const password of ["", "a share password"]) {
    await field(page, "Share password").fill(password);
    await button(page, "Create share link").click();
    await expect.poll(() => field(page, "Share link").inputValue()).toMatch(password ? /#report=r1e\./ : /#report=r1\./);
    lengths.push((await field(page, "Share link").inputValue()).length);
  }
  const html = await downloadFile(page, "Export HTML");
  console.log(
    `[reports] 1 sample (playground export): file ${text.length} B; HTML export ${html.text.length} B; link ${lengths[0]} chars, with password ${lengths[1]}`,
  );
  expect(lengths[0]).toBeLessThan(text.length);
  expect(lengths[1]).toBeLessThan(MAX_LINK_CHARS);

  // A fresh browser profile imports the file and shows the same sample and scores.
  const t = await e2e.open();
  await t.page.getByLabel("Import report", { exact: true }).setInputFiles(path);
  await expect.poll(() => field(t.page, "Question").inputValue()).toBe(sample.question);
  expect(await field(t.page, "Context 1").inputValue()).toBe(sample.contexts[0]);
  expect(await waitForScores(t.page, METRIC_IDS, 5_000)).toEqual(scores);
  expect(await statusLine(t.page).innerText()).toMatch(/^Loaded the first sample of /);

  // A broken file changes nothing and says why.
  await t.page
    .getByLabel("Import report", { exact: true })
    .setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from('{"format":"something-else"}') });
  await expect.poll(() => statusLine(t.page).innerText()).toMatch(/^Could not import the report: /);
  expect(await field(t.page, "Question").inputValue()).toBe(sample.question);
});
