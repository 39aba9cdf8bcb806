import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReport } from "../../src/storage/format/report-parse";
import { startMockServer, type MockServer } from "../mock/server";
import { DATASETS, EXPECTED_CONTEXTS } from "../storage/format/dataset-fixtures";
import { expectAccountedFor, FAKE_KEY, runCliInProcess } from "./spawn-cli";

let mock: MockServer;
let dir: string;

beforeAll(async () => {
  mock = await startMockServer({ apiKey: FAKE_KEY, latencyMs: 5 });
  dir = mkdtempSync(join(tmpdir(), "ragas-cli-formats-"));
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const common = () => ["--base-url", mock.url, "--model", "mock-judge", "--embedding-model", "mock-embedding", "--concurrency", "4"];

// A pandas-written ragas CSV used to give each sample ONE context holding the list's text.
describe.concurrent("cli score reads pandas-written CSVs (in process, against the mock server)", { timeout: 60_000 }, () => {
  for (const name of ["pandas-list.csv", "pandas-numpy.csv"]) {
    it(`${name}: every sample is scored with its own list of contexts`, async () => {
      const out = join(dir, `${name}.report.json`);
      const run = await runCliInProcess(["score", "--input", join(DATASETS, name), ...common(), "--metrics", "faithfulness,context_relevance", "--out", out], {
        env: { OPENAI_API_KEY: FAKE_KEY },
      });
      expect(run.code, run.stderr).toBe(0);
      const parsed = parseReport(readFileSync(out, "utf8"), out);
      if (!parsed.ok) throw parsed.error;
      expect(parsed.report.samples.map((s) => s.contexts)).toEqual(EXPECTED_CONTEXTS);
      expectAccountedFor(parsed.report);
      // context_relevance splits each context on its own: 2 + 3 + 2 + 6 contexts were judged.
      const judged = parsed.report.results.map(
        (r) => new Set((r.metrics.context_relevance?.trace as { sentences?: { context: number }[] })?.sentences?.map((s) => s.context)).size,
      );
      expect(judged).toEqual([2, 3, 2, 6]);
      const how = name === "pandas-list.csv" ? "Python list literals" : "numpy arrays";
      expect(run.stderr).toContain(`warning: ${name}, field "retrieved_contexts": read 4 cells as ${how}`);
    });
  }

  it("refuses a broken file with exit code 1, naming the row and field", async () => {
    const run = await runCliInProcess(["score", "--input", join(DATASETS, "../broken/numpy-elided.csv"), ...common()], { env: { OPENAI_API_KEY: FAKE_KEY } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/numpy-elided\.csv row 1 \(line 2\), field "retrieved_contexts": the list was shortened with "\.\.\."/);
  });
});
