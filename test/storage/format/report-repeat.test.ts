import { describe, expect, it } from "vitest";
import { memoryJournal, runDataset, type Sample } from "../../../src/engine";
import { buildReport, parseReport, promptsUsed, serializeReport } from "../../../src/storage/format/report";
import { scriptedJudge } from "../../engine/fake-judge";
import { fakeReport } from "./report-fixture";

const samples: Sample[] = ["a", "b"].map((id) => ({ id, question: `q ${id}?`, answer: `answer ${id}.`, contexts: [`context ${id}.`] }));

async function repeatedReport() {
  let call = 0;
  // Verdicts 1, 0, 1, 0, ...: sample a scores 1, 0, 1 and sample b 0, 1, 0 (concurrency 1 keeps the order).
  const { judge } = scriptedJudge({
    "faithfulness.statements": { statements: ["One statement."] },
    "faithfulness.verdicts": () => ({ verdicts: [{ statement: 1, reason: "r", verdict: call++ % 2 === 0 ? 1 : 0 }] }),
  });
  const output = await runDataset(samples, ["faithfulness"], { judge, concurrency: 1, repeat: 3 }, memoryJournal());
  return buildReport({
    samples,
    output,
    config: { baseURL: "http://127.0.0.1:1/v1", model: "m", concurrency: 1, metrics: ["faithfulness"], prompts: promptsUsed(["faithfulness"]), repeat: 3 },
    generator: { name: "test", version: "1" },
  });
}

describe("report versions 2 and 3: repeat-n", () => {
  it("keeps each sample's N runs, its mean and std, and a summary over the per-sample means", async () => {
    const report = await repeatedReport();
    expect(report.version).toBe(3);
    expect(report.config.repeat).toBe(3);
    expect(report.results[0]!.metrics.faithfulness!.score).toBe(1);
    expect(report.results[0]!.repeats!.map((r) => r.faithfulness!.score)).toEqual([0, 1]);
    expect(report.results[0]!.stats!.faithfulness).toMatchObject({ mean: 2 / 3, n: 3, nullCount: 0 });
    expect(report.results[0]!.stats!.faithfulness!.std).toBeCloseTo(Math.sqrt(1 / 3), 12);
    const summary = report.summary.faithfulness as { mean: number; std: number; repeatStd: number; count: number };
    expect(summary.mean).toBeCloseTo(0.5, 12);
    expect(summary.count).toBe(2);
    expect(summary.std).toBeCloseTo(1 / 3 / Math.SQRT2, 12);
    expect(summary.repeatStd).toBeCloseTo(Math.sqrt(1 / 3), 12);
    // Judge noise (v3): runs 1,0,1 and 0,1,0 pool to a within-sample variance of 1/3, both samples'
    // runs disagree, and the sample means (2/3, 1/3) spread less than the runs would by chance
    // alone, so the between-sample share estimates 0: all of the variance is the judge's.
    expect(report.summary.faithfulness).toMatchObject({ disagreeShare: 1, judgeVarianceShare: 1 });
    expect((report.summary.faithfulness as { withinSd: number }).withinSd).toBeCloseTo(Math.sqrt(1 / 3), 12);
    // Usage counts every run: 2 samples x 3 runs x 2 calls.
    expect(report.usage.requests).toBe(12);

    const parsed = parseReport(serializeReport(report), "r.json");
    expect(parsed.ok).toBe(true);
  });

  it("refuses stats or a summary that do not follow from the runs", async () => {
    const report = JSON.parse(serializeReport(await repeatedReport()));
    report.results[1].stats.faithfulness.mean = 0.9;
    const bad = parseReport(JSON.stringify(report), "r.json");
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/results\[1\]\.stats\.faithfulness\.mean: is 0\.9, but the runs give 0\.333/);

    const fewer = JSON.parse(serializeReport(await repeatedReport()));
    fewer.results[0].repeats.pop();
    const short = parseReport(JSON.stringify(fewer), "r.json");
    expect(short.ok).toBe(false);
    if (!short.ok) expect(short.error.message).toMatch(/results\[0\]\.repeats: holds 1 more runs, but config.repeat is 3/);
  });

  it("reads a version-1 report unchanged (identity migration)", () => {
    const v1 = { ...JSON.parse(serializeReport(fakeReport())), version: 1 };
    const parsed = parseReport(JSON.stringify(v1), "old.json");
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.migratedFrom).toBe(1);
      expect({ ...parsed.report, version: 1 }).toEqual(v1);
    }
  });
});
