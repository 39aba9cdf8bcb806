import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseReport } from "../../src/storage/format/report-parse";
import { DATASETS } from "../storage/format/dataset-fixtures";
import { runCliInProcess } from "./spawn-cli";

/** What `score --input` makes of a file's bytes and columns, with a metric that needs no judge (no request, no key). */
async function scoreFile(path: string) {
  const run = await runCliInProcess(["score", "--input", path, "--metrics", "exact_match"]);
  expect(run.code, run.stderr).toBe(0);
  const parsed = parseReport(run.stdout, "stdout.json");
  if (!parsed.ok) throw parsed.error;
  return { samples: parsed.report.samples, stderr: run.stderr };
}

describe.concurrent("cli score reads what Excel and pandas write", { timeout: 60_000 }, () => {
  it("a Windows-1252 CSV (Excel's plain CSV; make-cp1252.py): the euro sign and curly quotes come through", async () => {
    const { samples, stderr } = await scoreFile(join(DATASETS, "excel-cp1252.csv"));
    expect(samples.map((s) => s.answer)).toEqual(["It charges 5 € for a “crème brûlée”.", "Zoë did — twice."]);
    expect(samples.map((s) => s.contexts)).toEqual([["The café’s crème brûlée costs 5 € – a bargain…"], ["Zoë said ‘bonjour’ to the naïve visitor."]]);
    expect(samples[1]!.question).toBe("Who said ‘bonjour’?");
    expect(stderr).toContain("warning: excel-cp1252.csv: the file is not UTF-8; it was read as Windows-1252");
  });
});
