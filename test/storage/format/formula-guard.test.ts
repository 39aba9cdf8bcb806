import { describe, expect, it } from "vitest";
import { datasetToCsv } from "../../../src/app/datasets/export";
import type { Sample } from "../../../src/engine/sample";
import { guessMapping } from "../../../src/storage/format/columns";
import { writeCsv } from "../../../src/storage/format/csv";
import { guardCell, unguardCell } from "../../../src/storage/format/formula-guard";
import { tableToSamples } from "../../../src/storage/format/mapping";
import { resultsToCsv } from "../../../src/storage/format/results-csv";
import { csvTable } from "../../../src/storage/format/samples-csv";
import { readTableText } from "../../../src/storage/format/table";
import { fakeReport } from "./report-fixture";

const MARK = "'\u2060";

/** Texts that broke the old guard: formula starts, apostrophes before them (hand-made or ours), the mark itself. */
const tricky = [
  "=1+1",
  '=HYPERLINK("http://x","y")',
  "'=x",
  "''-5",
  "'-5 degrees",
  "-5 degrees",
  "@sum",
  "+1",
  "\tleading tab",
  "\rleading CR",
  "'plain apostrophe",
  `${MARK}=already marked`,
  MARK,
  "plain",
  "",
  "a = b",
];

/** Every string of up to 4 characters over the characters that matter at a cell's start: 11^4 + ... texts. */
function allShortTexts(): string[] {
  const alphabet = ["'", "\u2060", "=", "+", "-", "@", "\t", "\r", "a", " ", '"'];
  let level = [""];
  const all = [""];
  for (let n = 1; n <= 4; n++) {
    level = level.flatMap((prefix) => alphabet.map((c) => prefix + c));
    all.push(...level);
  }
  return all;
}

describe("formula guard", () => {
  it("guards every formula-like cell with the mark, and nothing else", () => {
    expect(tricky.map(guardCell)).toEqual([
      `${MARK}=1+1`,
      `${MARK}=HYPERLINK("http://x","y")`,
      "'=x",
      "''-5",
      "'-5 degrees",
      `${MARK}-5 degrees`,
      `${MARK}@sum`,
      `${MARK}+1`,
      `${MARK}\tleading tab`,
      `${MARK}\rleading CR`,
      "'plain apostrophe",
      `${MARK}${MARK}=already marked`,
      `${MARK}${MARK}`,
      "plain",
      "",
      "a = b",
    ]);
  });

  it("over every short text: unguard is guard's exact inverse, and no guarded cell starts a formula", () => {
    const texts = allShortTexts();
    expect(texts.length).toBe(1 + 11 + 121 + 1331 + 14641);
    for (const text of texts) {
      const guarded = guardCell(text);
      if (unguardCell(guarded) !== text) expect.fail(`round trip of ${JSON.stringify(text)} gave ${JSON.stringify(unguardCell(guarded))}`);
      if (/^[=+\-@\t\r]/.test(guarded)) expect.fail(`${JSON.stringify(guarded)} starts a formula`);
    }
  });

  // Was: the reader took an apostrophe off any cell before = + - @, so "'-5 degrees" read "-5 degrees".
  it("a hand-made CSV keeps its apostrophes: only our mark is taken off", () => {
    const text = 'question,answer,contexts,reference\n\'-5 degrees?,\'=x is a formula,"[""\'-5"", ""\'@home""]",\'\'+two\nq2,a2,c2,\'\tindented\n';
    const table = readTableText(text, "hand-made.csv");
    const parsed = tableToSamples(table, guessMapping(table.columns));
    expect(parsed.errors).toEqual([]);
    expect(parsed.samples.map((s) => [s.question, s.answer, s.contexts, s.reference])).toEqual([
      ["'-5 degrees?", "'=x is a formula", ["'-5", "'@home"], "''+two"],
      ["q2", "a2", ["c2"], "'\tindented"],
    ]);
  });

  it("a guarded CSV reads back as the rows written", () => {
    const rows = tricky.map((text, i) => [`id-${i}`, `Q ${i}?`, text || "empty", JSON.stringify([text || "empty", "=second"])]);
    const csv = writeCsv([["id", "question", "answer", "contexts"], ...rows.map((r) => r.map(guardCell))]);
    expect(csv).toContain(`${MARK}=HYPERLINK`);
    expect(csv).not.toMatch(/(^|,)"?[=+\-@]/m);
    const table = csvTable(csv, "guarded.csv");
    const out = tableToSamples(table, guessMapping(table.columns));
    expect(out.errors).toEqual([]);
    expect(out.samples.map((s) => s.answer)).toEqual(tricky.map((t) => t || "empty"));
    expect(out.samples.map((s) => s.contexts)).toEqual(tricky.map((t) => [t || "empty", "=second"]));
  });

  it("the dataset CSV export round-trips every tricky text exactly, in every column", () => {
    const samples: Sample[] = tricky.map((t, i) => ({
      id: t.trim() === "" || t.includes("\r") || t.includes("\t") ? `id-${i}` : t,
      question: `${t}?`,
      answer: t || "empty",
      contexts: [t || "empty", `${t} second`],
      reference: t || "ref",
    }));
    const table = readTableText(datasetToCsv(samples), "export.csv");
    const back = tableToSamples(table, guessMapping(table.columns));
    expect(back.errors).toEqual([]);
    expect(back.samples).toEqual(samples);
  });

  // Was: the results CSV had its own guard that did not add to an existing apostrophe, so "'=x" came back "=x".
  it("the results CSV round-trips every tricky text exactly (question, answer, reference)", () => {
    for (const t of tricky) {
      const report = fakeReport();
      report.samples[0] = { ...report.samples[0]!, question: t || "q", answer: t || "a", reference: t || "r" };
      const table = readTableText(resultsToCsv(report), "results.csv");
      const row = table.rows[0]!;
      expect([row.user_input, row.response, row.reference], JSON.stringify(t)).toEqual([t || "q", t || "a", t || "r"]);
    }
  });
});
