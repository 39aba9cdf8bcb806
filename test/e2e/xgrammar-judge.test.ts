import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "playwright-core";
import { expect, test } from "vitest";
import type { Report } from "../../src/storage/format/report-schema";
import { parseReport } from "../../src/storage/format/report-parse";
import type { MockServer } from "../mock/server";
import { asScore, button, findNaN, statusLine, useMock, waitForIdle } from "./browser";
import { useE2E } from "./context";
import { download } from "./report-helpers";
import { importedByName, openDatasets } from "./runs-helpers";

/**
 * Issue 22: the app in the browser against a judge constrained the way vLLM and SGLang constrain
 * one (the mock's xgrammar mode: every reply is random text xgrammar's grammar for the sent schema
 * allows, in the input's language). With reply schemas xgrammar reads as we mean them, no result is
 * a parse_error and the text the judge writes is text: no statement, question or claim of one
 * character (what `pattern: "\\S"` forced). Once in the playground (built-in English and Chinese
 * examples), once in a dataset run.
 */
const e2e = useE2E();

/** The paper's five, selected by default; the judge metrics of contract 11 when the picker offers them. */
const PAPER = ["faithfulness", "answer_relevancy", "context_relevance", "context_precision", "context_recall"];
const OPTIONAL = ["answer_correctness", "factual_correctness"];
/** Null codes a constrained judge may still cause: what the sample or the judge's content says, not the reply's shape. */
const ALLOWED_CODES = /^(no_statements|no_entities)$/;
/** The trace fields that hold text the judge wrote (DESIGN.md contract 4). */
const JUDGE_TEXT_FIELDS = ["statements", "questions", "referenceStatements", "claims", "referenceClaims"];
/** Written by hand for this test: five English and five Chinese rows, ragas column names. */
const DATASET = fileURLToPath(new URL("../fixtures/datasets/xgrammar-mixed-10.jsonl", import.meta.url));

const xgrammarMock = () => e2e.mock({ latencyMs: 1, xgrammar: { seed: 22 } });

test("playground: the English and the Chinese example scored by an xgrammar-constrained judge: no parse_error, no NaN, no one-character text", {
  timeout: 60_000,
}, async () => {
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

test("datasets: a 10-row English and Chinese JSONL run against an xgrammar-constrained judge finishes with 0 parse_error", { timeout: 60_000 }, async () => {
  const mock = await xgrammarMock();
  const { page } = await e2e.open();
  await useMock(page, mock.url);
  await openDatasets(page);
  await page.getByLabel("Import dataset", { exact: true }).setInputFiles(DATASET);
  await importedByName(page, basename(DATASET), 10);

  const form = page.getByRole("form", { name: "New run" });
  await form.waitFor();
  for (const id of PAPER) await setChecked(form.getByRole("checkbox", { name: id, exact: true }), true);
  await form.getByLabel("Concurrency").fill("8");
  mock.resetLog();
  await button(page, "Start run").click();
  await expect.poll(() => button(page, "Pause run").count(), { timeout: 10_000, interval: 50 }).toBe(1);
  await expect.poll(() => button(page, "Pause run").count(), { timeout: 40_000, interval: 100 }).toBe(0);
  expect(Number(await page.getByRole("progressbar", { name: "Run progress" }).getAttribute("aria-valuenow"))).toBe(10);
  expectConstrained(mock, 10 * PAPER.length);

  // The run's report, as its Results explorer exports it.
  const explorer = page.getByRole("region", { name: "Results explorer" });
  await explorer.waitFor({ timeout: 20_000 });
  const [file] = await Promise.all([page.waitForEvent("download"), explorer.getByRole("button", { name: "Export report", exact: true }).click()]);
  const report = readReport(readFileSync((await file.path())!, "utf8"), file.suggestedFilename());
  expect(report.samples.map((s) => s.id).sort()).toEqual(["en1", "en2", "en3", "en4", "en5", "zh1", "zh2", "zh3", "zh4", "zh5"]);
  // The form also ticks the free text metrics the columns allow; they send nothing.
  expect(report.config.metrics).toEqual(expect.arrayContaining(PAPER));
  const { texts, codes, nulls, scored } = expectResults(report, "run");
  // Random text still scores: most results are numbers, not nulls of any kind.
  expect(scored, JSON.stringify(codes)).toBeGreaterThanOrEqual(40);
  expect(
    texts.some((t) => /\p{Script=Han}/u.test(t.text)),
    "Chinese rows get Chinese judge text",
  ).toBe(true);
  expect(await findNaN(page)).toEqual([]);
  console.info(
    `[xgrammar e2e] run: ${scored} of 50 scored, nulls ${JSON.stringify(nulls)}, ${texts.length} judge texts, shortest ${shortest(texts)} characters`,
  );
});

/** Checks the paper's five (selected by default) and the optional judge metrics the picker offers; returns what is selected. */
async function pickMetrics(page: Page): Promise<string[]> {
  const picked: string[] = [];
  for (const id of [...PAPER, ...OPTIONAL]) {
    const box = page.getByRole("checkbox", { name: id, exact: true });
    if (!PAPER.includes(id) && ((await box.count()) === 0 || (await box.isDisabled()))) continue;
    await setChecked(box, true);
    picked.push(id);
  }
  return picked;
}

async function setChecked(box: Locator, on: boolean): Promise<void> {
  if ((await box.isChecked()) !== on) await box.click();
  expect(await box.isChecked()).toBe(on);
}

function expectConstrained(mock: MockServer, atLeast: number): void {
  // The judge's requests; a run's connection check ("Reply with OK.", one token) asks for no JSON.
  const chat = mock.log.filter((r) => r.kind === "chat" && !JSON.stringify(r.body ?? "").includes("Reply with OK."));
  expect(chat.length).toBeGreaterThanOrEqual(atLeast);
  const odd = chat.filter((r) => r.responseFormat !== "json_schema" || r.schemaName === undefined || r.status !== 200);
  expect(odd.map((r) => `${r.schemaName} ${r.responseFormat} ${r.status}`)).toEqual([]);
}

function readReport(text: string, name: string): Report {
  const parsed = parseReport(text, name);
  if (!parsed.ok) throw parsed.error;
  return parsed.report;
}

interface JudgeText {
  where: string;
  text: string;
}

/** Every result a score in [0, 1] or a coded null other than parse_error; no judge text of one character. */
function expectResults(report: Report, label: string): { texts: JudgeText[]; codes: Record<string, number>; nulls: string[]; scored: number } {
  const texts: JudgeText[] = [];
  const codes: Record<string, number> = {};
  const nulls: string[] = [];
  let scored = 0;
  expect(report.results).toHaveLength(report.samples.length);
  for (const row of report.results) {
    expect(Object.keys(row.metrics).sort()).toEqual([...report.config.metrics].sort());
    for (const [id, result] of Object.entries(row.metrics)) {
      const where = `${label} ${row.sampleId} ${id}`;
      if (result.score === null) {
        const code = result.error?.code ?? "uncoded";
        expect(code, where).toMatch(ALLOWED_CODES);
        codes[code] = (codes[code] ?? 0) + 1;
        nulls.push(`${row.sampleId} ${id}: ${code}`);
      } else {
        expect(Number.isFinite(result.score) && result.score >= 0 && result.score <= 1, `${where}: ${result.score}`).toBe(true);
        scored++;
      }
      const trace = (result.trace ?? {}) as Record<string, unknown>;
      for (const key of JUDGE_TEXT_FIELDS) {
        const items = trace[key];
        if (!Array.isArray(items)) continue;
        for (const item of items as { text?: unknown }[]) if (typeof item.text === "string") texts.push({ where: `${where} ${key}`, text: item.text });
      }
    }
  }
  expect(texts.length, `${label}: the judge wrote statements and questions`).toBeGreaterThan(0);
  const oneChar = texts.filter((t) => [...t.text.trim()].length <= 1);
  expect(oneChar, JSON.stringify(oneChar.slice(0, 5))).toEqual([]);
  return { texts, codes, nulls, scored };
}

const shortest = (texts: JudgeText[]) => Math.min(...texts.map((t) => [...t.text.trim()].length));
