import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETRIEVAL_METRIC_IDS } from "../../src/engine/metrics/types";
import { parseReport } from "../../src/storage/format/report-parse";
import { startMockServer, type MockServer } from "../mock/server";
import { expectAccountedFor, FAKE_KEY, runCliProcess } from "./spawn-cli";

const RETRIEVAL = new URL("../fixtures/retrieval/", import.meta.url).pathname;

let mock: MockServer;
let dir: string;
beforeAll(async () => {
  mock = await startMockServer({ apiKey: FAKE_KEY });
  dir = mkdtempSync(join(tmpdir(), "ragas-cli-retrieval-"));
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("cli score with the retrieval metrics (contract 15)", { timeout: 60_000 }, () => {
  it("needs no key, sends the endpoint nothing, takes --option ndcg_at_k.k and writes a report whose scores recompute", async () => {
    const out = join(dir, "retrieval-report.json");
    const metrics = RETRIEVAL_METRIC_IDS.join(",");
    // A pandas CSV with ragas' column names; --base-url points at the mock, and no key is given anywhere.
    const input = join(RETRIEVAL, "samples-pandas.csv");
    const run = await runCliProcess(["score", "--input", input, "--metrics", metrics, "--base-url", mock.url, "--option", "ndcg_at_k.k=2", "--out", out]);
    expect(run.code, run.stderr).toBe(0);
    expect(mock.log).toEqual([]);
    const parsed = parseReport(readFileSync(out, "utf8"), out);
    if (!parsed.ok) throw parsed.error;
    const report = parsed.report;
    expect(report.usage.requests).toBe(0);
    expect(report.config.metrics).toEqual([...RETRIEVAL_METRIC_IDS]);
    expect(expectAccountedFor(report).scored).toBe(3 * RETRIEVAL_METRIC_IDS.length);
    expect(report.samples[0]!.retrievedContextIds).toEqual(["doc-7", "doc 2", "it's-3"]);
    const first = report.results[0]!.metrics;
    // doc-7 (grade 2) at rank 1, it's-3 (grade 1) at rank 3: at k = 2 only doc-7 counts.
    expect(first.ndcg_at_k!.trace).toMatchObject({ k: 2, relevantCount: 2, relevantGains: [2, 1] });
    expect(first.ndcg_at_k!.score).toBeCloseTo(2 / (2 + 1 / Math.log2(3)), 12);
    expect(first.mrr).toMatchObject({ score: 1, trace: { k: 10 } });
    expect(first.r_precision!.score).toBe(0.5);
    // Row 3 retrieved nothing: 0, not a null.
    expect(report.results[2]!.metrics.hit_rate!.score).toBe(0);
    expect(run.stderr).toMatch(/ndcg_at_k\s+\d\.\d{3}/);
  });
});
