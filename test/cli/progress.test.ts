import { describe, expect, it } from "vitest";
import { createProgress } from "../../src/cli/progress";
import { formatSummaryTable } from "../../src/cli/summary-table";
import { fakeReport } from "../storage/format/report-fixture";

function stream(isTTY: boolean) {
  const chunks: string[] = [];
  return { chunks, isTTY, columns: 80, write: (t: string) => chunks.push(t) };
}

describe("progress", () => {
  it("rewrites one line on a terminal, at most every 100 ms", () => {
    let t = 0;
    const s = stream(true);
    const p = createProgress({ stream: s, total: 10, now: () => t });
    for (let i = 1; i <= 10; i++) {
      t += 30;
      p.update(i, i > 8 ? 1 : 0);
    }
    p.finish();
    expect(s.chunks.every((c) => c.startsWith("\r\x1b[2K") || c === "\n")).toBe(true);
    expect(s.chunks.length).toBeLessThan(8);
    expect(s.chunks.at(-2)).toBe("\r\x1b[2Kscoring: 10/10 results (100%), 1 null, 0.3 s");
    expect(s.chunks.at(-1)).toBe("\n");
  });

  it("writes plain lines every few seconds elsewhere", () => {
    let t = 0;
    const s = stream(false);
    const p = createProgress({ stream: s, total: 100, now: () => t, plainIntervalMs: 5_000 });
    for (let i = 1; i <= 100; i++) {
      t += 200;
      p.update(i, 0);
    }
    p.finish("done");
    expect(s.chunks.every((c) => c.endsWith("\n") && !c.includes("\r"))).toBe(true);
    // t = 0.2 s (first result), 5.2, 10.2, 15.2, then the final line and the note.
    expect(s.chunks).toHaveLength(6);
    expect(s.chunks.at(-2)).toBe("scoring: 100/100 results (100%), 20.0 s\n");
  });
});

describe("summary table", () => {
  it("ends the spend with the estimated cost, naming any model without a price", () => {
    const line = (cost: { usd: number; unpriced: string[] }) => formatSummaryTable(fakeReport(), cost).trim().split("\n").at(-2);
    expect(line({ usd: 0.0123, unpriced: [] })).toBe("estimated cost: $0.0123 (list prices; --price MODEL=IN/OUT to correct)");
    expect(line({ usd: 1.5, unpriced: [] })).toBe("estimated cost: $1.50 (list prices; --price MODEL=IN/OUT to correct)");
    expect(line({ usd: 0, unpriced: ["my-judge"] })).toBe("estimated cost: unknown: no price for my-judge (--price MODEL=IN/OUT, USD per 1M tokens)");
    expect(line({ usd: 0.5, unpriced: ["my-judge"] })).toBe(
      "estimated cost: $0.5000 + unknown: no price for my-judge (--price MODEL=IN/OUT, USD per 1M tokens)",
    );
  });

  it("shows mean with its 95% interval, median, scored and nulls with their codes, then the spend", () => {
    const table = formatSummaryTable(fakeReport());
    expect(table).toBe(
      [
        "metric              mean  95% CI          median  scored  nulls",
        "-----------------  -----  --------------  ------  ------  ---------------",
        "faithfulness       0.500  [0.500, 0.500]   0.500     1/2  1 no_statements",
        "context_precision  1.000  [0.207, 1.000]   1.000     1/2  1 missing_input",
        "ragas score (harmonic mean of the means): 0.667",
        "requests: 4 (4 chat, 0 embedding)",
        "tokens: 400 prompt, 80 completion",
        "wall time: 1.2 s, at most 3 requests in flight",
        "",
      ].join("\n"),
    );
  });

  it("with thresholds adds the bar and the pass count with its Wilson interval (nulls count as fails)", () => {
    const table = formatSummaryTable(fakeReport({ thresholds: { faithfulness: 0.6, context_precision: 1 } }));
    const lines = table.split("\n");
    expect(lines[0]).toBe("metric              mean  95% CI          median  scored  nulls            threshold  passed");
    expect(lines[2]).toBe("faithfulness       0.500  [0.500, 0.500]   0.500     1/2  1 no_statements  >= 0.6     0/2 [0.000, 0.658]");
    expect(lines[3]).toBe("context_precision  1.000  [0.207, 1.000]   1.000     1/2  1 missing_input  >= 1       1/2 [0.095, 0.905]");
  });
});
