import type { Locator, Page } from "playwright-core";
import { expect, test } from "vitest";
import type { Report } from "../../src/storage/format/report-schema";
import { parseReport } from "../../src/storage/format/report-parse";
import { ALLOWED_CODES, expectConstrained, expectResults, PAPER, shortest } from "../xgrammar-checks";
import { asScore, button, findNaN, statusLine, useMock, waitForIdle } from "./browser";
import { useE2E } from "./context";
import { download } from "./report-helpers";

/**
 * Issue 22: the app in the browser against a judge constrained the way vLLM and SGLang constrain
 * one (the mock's xgrammar mode: every reply is random text xgrammar's grammar for the sent schema
 * allows, in the input's language). With reply schemas xgrammar reads as we mean them, no result is
 * a parse_error and the text the judge writes is text: no statement, question or claim of one
 * character (what `pattern: "\\S"` forced). Here in the playground (built-in English and Chinese
 * examples: the cards, the exported report); the dataset run (10 English and Chinese rows, the
 * Runs pane's run service and its report) is test/app/runs/xgrammar-run.test.ts, in Node.
 */
const e2e = useE2E();

/** Besides the paper's five (selected by default): the judge metrics of contract 11 when the picker offers them. */
const OPTIONAL = ["answer_correctness", "factual_correctness"];

const xgrammarMock = () => e2e.mock({ latencyMs: 1, xgrammar: { seed: 22 } });

test("playground: the English and the Chinese example scored by an xgrammar-constrained judge: no parse_error, no NaN, no one-character text", async () => {
  const mock = await xgrammarMock();
  const { page } = await e2e.open();
  await useMock(page, mock.url);

  for (const example of ["English example", "Chinese example"]) {
    await button(page, example).click();
    await expect.poll(() => statusLine(page).innerText()).toMatch(/^Loaded: /);
    // After the example is in: a metric whose input is missing cannot be picked.
    const metrics = await pickMetrics(page);
    mock.resetLog();
    await button(page, "Score").click();
    await expect.poll(() => statusLine(page).innerText(), { timeout: 30_000 }).toMatch(/^Scored \d+ metrics? in /);
    await waitForIdle(page);

    // The cards: a score in [0, 1] or a coded null that is not about the reply's shape.
    for (const id of metrics) {
      const shown = (await page.locator(`section[aria-label="${id} result"]`).getByTestId(`score-${id}`).innerText()).trim();
      if (/^\d/.test(shown)) asScore(shown);
      else expect(shown, `${example}: ${id}`).toMatch(ALLOWED_CODES);
    }
    expect(await page.locator("#results").innerText(), example).not.toContain("parse_error");
    expect(await findNaN(page), example).toEqual([]);

    // Every judge request carried a schema and was answered under xgrammar's grammar for it.
    expectConstrained(mock, metrics.length);

    const { text } = await download(page, "Export report");
    const report = readReport(text, `${example}.json`);
    expect(report.samples).toHaveLength(1);
    // The report is of the example just scored, in its language.
    expect(/\p{Script=Han}/u.test(report.samples[0]!.question), example).toBe(example === "Chinese example");
    expect([...report.config.metrics].sort()).toEqual([...metrics].sort());
    const { texts, codes } = expectResults(report, example);
    console.info(`[xgrammar e2e] ${example}: ${texts.length} judge texts, nulls ${JSON.stringify(codes)}, shortest ${shortest(texts)} characters`);
  }
});

/** Checks the paper's five (selected by default) and the optional judge metrics the picker offers; returns what is selected. */
async function pickMetrics(page: Page): Promise<string[]> {
  const picked: string[] = [];
  for (const id of [...PAPER, ...OPTIONAL]) {
    const box = page.getByRole("checkbox", { name: id, exact: true });
    if (!(PAPER as readonly string[]).includes(id) && ((await box.count()) === 0 || (await box.isDisabled()))) continue;
    await setChecked(box, true);
    picked.push(id);
  }
  return picked;
}

async function setChecked(box: Locator, on: boolean): Promise<void> {
  if ((await box.isChecked()) !== on) await box.click();
  expect(await box.isChecked()).toBe(on);
}

function readReport(text: string, name: string): Report {
  const parsed = parseReport(text, name);
  if (!parsed.ok) throw parsed.error;
  return parsed.report;
}
