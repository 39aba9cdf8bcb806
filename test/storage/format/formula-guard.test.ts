import { describe, expect, it } from "vitest";
import { writeCsv } from "../../../src/storage/format/csv";
import { guardCell, unguardCell } from "../../../src/storage/format/formula-guard";
import { guessMapping } from "../../../src/storage/format/columns";
import { tableToSamples } from "../../../src/storage/format/mapping";
import { csvTable } from "../../../src/storage/format/samples-csv";

const tricky = [
  '=HYPERLINK("http://x","y")',
  "+1",
  "-3 apples",
  "@SUM(A1)",
  "\tindented",
  "\rcr",
  "'=already quoted",
  "''+two",
  "'plain apostrophe",
  "plain",
  "",
  "a = b",
];

describe("formula guard", () => {
  it("guards every formula-like cell and nothing else", () => {
    expect(tricky.map(guardCell)).toEqual([
      '\'=HYPERLINK("http://x","y")',
      "'+1",
      "'-3 apples",
      "'@SUM(A1)",
      "'\tindented",
      "'\rcr",
      "''=already quoted",
      "'''+two",
      "'plain apostrophe",
      "plain",
      "",
      "a = b",
    ]);
  });

  it("unguard is guard's exact inverse", () => {
    for (const text of tricky) expect(unguardCell(guardCell(text))).toBe(text);
  });

  it("a guarded CSV reads back as the rows written", () => {
    const rows = tricky.map((text, i) => [`id-${i}`, `Q ${i}?`, text || "empty", JSON.stringify([text || "empty", "=second"])]);
    const csv = writeCsv([["id", "question", "answer", "contexts"], ...rows.map((r) => r.map(guardCell))]);
    expect(csv).toContain("'=HYPERLINK");
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    const table = csvTable(csv, "guarded.csv");
    const out = tableToSamples(table, guessMapping(table.columns));
    expect(out.errors).toEqual([]);
    expect(out.samples.map((s) => s.answer)).toEqual(tricky.map((t) => t || "empty"));
    expect(out.samples.map((s) => s.contexts)).toEqual(tricky.map((t) => [t || "empty", "=second"]));
  });
});
