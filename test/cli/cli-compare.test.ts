import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReport } from "../../src/storage/format/report-parse";
import type { CompareFile } from "../../src/storage/format/compare-file";
import { answered, isConnectionCheck } from "../mock/request-log";
import { startMockServer, type MockServer } from "../mock/server";
import { FAKE_KEY, FIXTURES, runCliInProcess, runCliProcess } from "./spawn-cli";

/**
 * Contract 14 end to end: `score --threshold` and `compare --fail-on regression`. The datasets are
 * built here so that the candidate is worse by construction (half the right answers broken) or
 * differs by noise only (three answers broken, three others mended). The judge-free metrics make
 * the runs fast and exact; one judged run (the mock server) shows the gate on a judge's mean.
 * Only the regression exit goes through a real process (the exit code the shell sees); the rest
 * run in-process through the same runCli that main.ts calls.
 */
let dir: string;
let mock: MockServer;
const N = 40;
const right = (i: number) => `The answer to question ${i} is ${i * 7} apples.`;
const wrong = (i: number) => `It might be about ${i + 3} pears, I think.`;

function dataset(name: string, correct: (i: number) => boolean): string {
  const path = join(dir, `${name}.jsonl`);
  const lines = Array.from({ length: N }, (_, i) =>
    JSON.stringify({ id: `q${i}`, question: `Question ${i}?`, answer: correct(i) ? right(i) : wrong(i), contexts: [`Context ${i}.`], reference: right(i) }),
  );
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

const METRICS = "exact_match,string_similarity";
async function score(input: string, out: string, extra: string[] = []) {
  return runCliInProcess(["score", "--input", input, "--metrics", METRICS, "--out", out, ...extra]);
}
const baseCorrect = (i: number) => i % 5 !== 0; // 32 of 40 right

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ragas-cli-compare-"));
  // Schema-random replies (seeded): verdicts a judge could give, so the mean is not simply 1.
  mock = await startMockServer({ apiKey: FAKE_KEY, schemaRandom: { seed: 7 } });
  const runs = await Promise.all([
    score(dataset("base", baseCorrect), join(dir, "base.json")),
    // Worse by construction: every other right answer broken (16 of the 32).
    score(
      dataset("worse", (i) => baseCorrect(i) && i % 2 === 0),
      join(dir, "worse.json"),
    ),
    // Noise: q1, q2, q3 broken, q0, q5, q10 mended: the same number right, other samples.
    score(
      dataset("noise", (i) => (baseCorrect(i) && ![1, 2, 3].includes(i)) || [0, 5, 10].includes(i)),
      join(dir, "noise.json"),
    ),
  ]);
  for (const run of runs) expect(run.code, run.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("cli compare (contract 14)", { timeout: 60_000 }, () => {
  it("--fail-on regression exits 1 on a candidate worse by construction, with the table and the JSON", async () => {
    const out = join(dir, "compare.json");
    const run = await runCliProcess([
      "compare",
      "--base",
      join(dir, "base.json"),
      "--candidate",
      join(dir, "worse.json"),
      "--fail-on",
      "regression",
      "--out",
      out,
    ]);
    expect(run.code, run.stderr).toBe(1);
    const file = JSON.parse(readFileSync(out, "utf8")) as CompareFile;
    expect(file).toMatchObject({ format: "ragas-playground/compare", version: 1, alpha: 0.05, minEffect: 0 });
    expect(file.base.name).toBe(join(dir, "base.json"));
    const em = file.metrics.exact_match!;
    expect(em).toMatchObject({ n: N, nullPairs: 0, unmatched: 0, baseMean: 32 / 40, candidateMean: 16 / 40, test: "mcnemar", verdict: "worse" });
    expect(em.difference).toBeCloseTo(-0.4, 12);
    // McNemar: 16 pairs went 1 -> 0 and none 0 -> 1: p = 2 / 2^16.
    expect(em.p).toBeCloseTo(2 / 2 ** 16, 15);
    expect(em.ci95![1]).toBeLessThan(0);
    const sim = file.metrics.string_similarity!;
    expect(sim).toMatchObject({ test: "sign-flip", verdict: "worse" });
    expect(sim.pHolm).toBeLessThan(0.05);
    expect(Object.keys(file.metrics)).toEqual(["exact_match", "string_similarity"]);
    expect(run.stderr).toMatch(/exact_match\s+40\s+0\.800\s+0\.400\s+-0\.400 \[-0\.\d{3}, -0\.\d{3}\]\s+mcnemar\s+<0\.001\s+<0\.001\s+worse/);
    expect(run.stderr).toContain(`regression: exact_match, string_similarity worse than ${join(dir, "base.json")}`);
    expect(run.stderr.split("\n").length).toBeLessThan(15);
  });

  it("exits 0 on a candidate that differs by noise only, and writes the JSON to stdout without --out", async () => {
    const run = await runCliInProcess(["compare", "--base", join(dir, "base.json"), "--candidate", join(dir, "noise.json"), "--fail-on", "regression"]);
    expect(run.code, run.stderr).toBe(0);
    const file = JSON.parse(run.stdout) as CompareFile;
    const em = file.metrics.exact_match!;
    expect(em).toMatchObject({ baseMean: 0.8, candidateMean: 0.8, difference: 0, p: 1, pHolm: 1, verdict: "no detectable difference" });
    expect(file.metrics.string_similarity!.verdict).toBe("no detectable difference");
    expect(file.metrics.string_similarity!.p).toBeGreaterThan(0.2);
    expect(run.stderr).toMatch(/a difference of 0\.05 would need about: exact_match \d+ pairs, string_similarity \d+ pairs/);

    // --metrics picks; --min-effect silences a real but small difference; a metric not in both is refused.
    const picked = await runCliInProcess([
      "compare",
      "--base",
      join(dir, "base.json"),
      "--candidate",
      join(dir, "worse.json"),
      "--metrics",
      "exact_match",
      "--min-effect",
      "0.5",
      "--fail-on",
      "regression",
    ]);
    expect(picked.code, picked.stderr).toBe(0);
    expect(Object.keys(JSON.parse(picked.stdout).metrics)).toEqual(["exact_match"]);
    expect(JSON.parse(picked.stdout).metrics.exact_match.verdict).toBe("no detectable difference");
    const unknown = await runCliInProcess(["compare", "--base", join(dir, "base.json"), "--candidate", join(dir, "worse.json"), "--metrics", "faithfulness"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("error: --metrics faithfulness: not in both reports (both hold: exact_match, string_similarity)\n");
    const usage = await runCliInProcess(["compare", "--base", join(dir, "base.json"), "--candidate", join(dir, "worse.json"), "--alpha", "2"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--alpha expects a number between 0 and 1 (exclusive)");
    const missing = await runCliInProcess(["compare", "--base", join(dir, "base.json"), "--candidate", join(dir, "nope.json")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`--candidate ${join(dir, "nope.json")}: cannot read`);
  });
});

describe("cli score --threshold (contract 14)", { timeout: 120_000 }, () => {
  it("exits 1 exactly when a metric's mean is on the wrong side, after writing the report with pass and passRate", async () => {
    const input = join(dir, "base.jsonl");
    // exact_match's mean is 0.8: at 0.8 it passes (at or above), at 0.81 it does not.
    const met = await score(input, join(dir, "met.json"), ["--threshold", "exact_match=0.8", "--threshold", "string_similarity=0.1"]);
    expect(met.code, met.stderr).toBe(0);
    const missed = await score(input, join(dir, "missed.json"), ["--threshold", "exact_match=0.81", "--threshold", "string_similarity=0.1"]);
    expect(missed.code).toBe(1);
    expect(missed.stderr).toContain("threshold not met: exact_match mean 0.800 is below 0.81\n");
    // Each right answer (1) still passes 0.81: the pass rate and the gate on the mean are two questions.
    expect(missed.stderr).toMatch(/exact_match\s+0\.800\s+\[0\.652, 0\.895\]\s+1\.000\s+40\/40\s+0\s+>= 0\.81\s+32\/40 \[0\.652, 0\.895\]/);
    const parsed = parseReport(readFileSync(join(dir, "missed.json"), "utf8"), "missed.json");
    if (!parsed.ok) throw parsed.error;
    const r = parsed.report;
    expect(r.config.thresholds).toEqual({ exact_match: 0.81, string_similarity: 0.1 });
    expect(r.results.filter((row) => row.metrics.exact_match!.pass === false).map((row) => row.sampleId)).toEqual([
      "q0",
      "q5",
      "q10",
      "q15",
      "q20",
      "q25",
      "q30",
      "q35",
    ]);
    expect(r.summary.exact_match).toMatchObject({ mean: 0.8, ciMethod: "wilson", passed: 32, passRate: 0.8, meanPasses: false });
    expect(r.summary.string_similarity).toMatchObject({ ciMethod: "bootstrap", passed: 40, passRate: 1, meanPasses: true });
    const metReport = JSON.parse(readFileSync(join(dir, "met.json"), "utf8"));
    expect(metReport.summary.exact_match).toMatchObject({ passed: 32, passRate: 0.8 });

    const stray = await score(input, join(dir, "stray.json"), ["--threshold", "faithfulness=0.5"]);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toBe("error: --threshold faithfulness: not among --metrics (exact_match, string_similarity)\n");
    const bad = await score(input, join(dir, "bad.json"), ["--threshold", "exact_match=1.5"]);
    expect(bad.stderr).toContain("--threshold expects METRIC=VALUE with VALUE from 0 to 1");
  });

  it("gates a judge's mean too (mock server, schema-random): the same replies pass at 0 and fail just above their mean", async () => {
    const args = (out: string, bar: string) => [
      "score",
      "--input",
      join(FIXTURES, "samples.jsonl"),
      "--metrics",
      "faithfulness",
      "--base-url",
      mock.url,
      "--model",
      "m",
      "--api-key",
      FAKE_KEY,
      "--out",
      join(dir, out),
      "--threshold",
      `faithfulness=${bar}`,
      // The second run reads the first one's replies back, so its mean is the same.
      "--cache",
      join(dir, "replies"),
    ];
    const first = await runCliInProcess(args("judged.json", "0"));
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, "judged.json"), "utf8"));
    const mean = report.summary.faithfulness.mean as number;
    expect(report.summary.faithfulness.meanPasses).toBe(true);
    expect(mean).toBeLessThan(0.999);
    const above = Math.ceil(mean * 1000 + 1) / 1000;
    const again = await runCliInProcess(args("judged-2.json", String(above)));
    expect(again.code, again.stderr).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, "judged-2.json"), "utf8")).summary.faithfulness.mean).toBe(mean);
    expect(again.stderr).toContain(`threshold not met: faithfulness mean ${mean.toFixed(3)} is below ${above}`);
  });

  it("--repeat N asks the judge N times even with stored replies, and the summary gives the judge's noise", async () => {
    const args = [
      "score",
      "--input",
      join(FIXTURES, "samples.jsonl"),
      "--metrics",
      "faithfulness",
      "--base-url",
      mock.url,
      "--model",
      "m",
      "--api-key",
      FAKE_KEY,
      "--repeat",
      "3",
      "--cache",
      join(dir, "replies"),
      "--out",
      join(dir, "repeated.json"),
    ];
    mock.resetLog();
    const run = await runCliInProcess(args);
    expect(run.code, run.stderr).toBe(0);
    // Every sample asks at least once per run (its statements), and none of the replies the --cache
    // directory holds from the runs above is read back: a repeat that reused them would repeat nothing.
    expect(answered(mock.log).filter((r) => !isConnectionCheck(r)).length).toBeGreaterThanOrEqual(3 * 3);
    const report = JSON.parse(readFileSync(join(dir, "repeated.json"), "utf8"));
    expect(report.usage.cachedRequests).toBe(0);
    expect(report.results.map((r: { repeats: unknown[] }) => r.repeats.length)).toEqual([2, 2, 2]);
    const s = report.summary.faithfulness;
    expect(s.withinSd).toBeGreaterThanOrEqual(0);
    expect(s.disagreeShare).toBeGreaterThanOrEqual(0);
    expect(s.disagreeShare).toBeLessThanOrEqual(1);
    expect(run.stderr).toMatch(
      /judge noise, faithfulness: within-sample sd \d\.\d{3}, runs disagree on \d+% of samples, (\d+%|-) of the variance is the judge's/,
    );
  });
});
