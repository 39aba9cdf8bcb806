import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliIO } from "../../src/cli/io";
import { runCli } from "../../src/cli/run";
import { SYNTHESIZERS } from "../../src/engine/testset";
import { type MockServer, startMockServer } from "../mock/server";
import { CORPUS, CORPUS_FILES, expectEveryDocumentAccounted, expectTestset, extractedTexts } from "./generate-corpus";
import { FAKE_KEY } from "./spawn-cli";

/**
 * Issue 28's must-show 1: `generate` on the mixed corpus (15 files, English and Chinese, every
 * format, a scanned PDF, empty, tiny and broken files) against the schema-random mock and against
 * the fault mix (429 / 500 / cut-off replies), both modes: exactly N lines, every reference context
 * equal to its document's text between its offsets, every document accounted for on stderr, no
 * crash. The CLI runs in this process (runCli, as main.ts calls it) over real HTTP with the
 * transport's sleep on a fake clock; test/cli/cli-generate-resume.test.ts spawns it.
 */

const N = 6;
let mock: MockServer;
let dir: string;
let texts: Map<string, string>;

beforeAll(async () => {
  mock = await startMockServer({ apiKey: FAKE_KEY });
  dir = mkdtempSync(join(tmpdir(), "ragas-generate-"));
  texts = await extractedTexts();
  expect(CORPUS_FILES.length).toBeGreaterThanOrEqual(12);
}, 60_000);
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

async function generate(out: string, ...more: string[]): Promise<{ code: number; stderr: string; waits: number[] }> {
  const stderr: string[] = [];
  const waits: number[] = [];
  const io: CliIO = {
    stdout: { write: () => true },
    stderr: { write: (text: string) => stderr.push(text) },
    env: { OPENAI_API_KEY: FAKE_KEY },
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
  const argv = ["generate", "--docs", CORPUS, "--size", String(N), "--out", out, "--base-url", mock.url, "--model", "mock-judge"];
  const code = await runCli([...argv, "--embedding-model", "mock-embedding", "--concurrency", "8", "--seed", "11", ...more], io);
  return { code, stderr: stderr.join(""), waits };
}

function expectShares(samples: { synthesizer_name: string }[]): void {
  for (const name of SYNTHESIZERS) expect(Math.abs(samples.filter((s) => s.synthesizer_name === name).length - N / 3)).toBeLessThanOrEqual(1);
}

describe("cli generate on the mixed corpus", { timeout: 120_000 }, () => {
  it("against the schema-random mock, graph and quick: N lines, exact offsets, every document accounted for", async () => {
    mock.configure({ schemaRandom: { seed: 5 }, faults: {} });
    for (const mode of ["graph", "quick"]) {
      const out = join(dir, `random-${mode}.jsonl`);
      // Random verdicts make the judged checks a coin toss: the free ones, then all of them.
      const run = await generate(out, "--mode", mode, "--checks", "standalone,duplicate");
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toContain("unexpected failure");
      expectEveryDocumentAccounted(run.stderr);
      const samples = expectTestset(readFileSync(out, "utf8"), N, texts);
      if (mode === "graph") expectShares(samples);
      else expect(samples.every((s) => s.synthesizer_name === "quick" && s.persona_name === "")).toBe(true);
      for (const s of samples) expect(Object.keys(s.checks).sort()).toEqual(["duplicate", "standalone"]);
      expect(run.stderr).toMatch(new RegExp(`generated ${N} of ${N} questions`));
    }
    // With every check, random verdicts reject most candidates: the budget (3 N) runs out, the passed
    // lines are written, exit 3, and stderr says what each check rejected.
    const out = join(dir, "random-gated.jsonl");
    const run = await generate(out, "--mode", "quick");
    expect(run.code, run.stderr).toBe(3);
    const written = readFileSync(out, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "").length;
    expect(written).toBeLessThan(N);
    const counts = /rejected: grounded (\d+), standalone (\d+), leakage (\d+), duplicate (\d+), error (\d+)/.exec(run.stderr);
    expect(counts, run.stderr).not.toBeNull();
    expect(
      counts!
        .slice(1)
        .map(Number)
        .reduce((a, b) => a + b, 0) + written,
    ).toBe(3 * N);
    expect(run.stderr).toContain(`the candidate budget (3 N = ${3 * N}) ran out: ${written} lines written`);
  });

  it("--chunks FILE (use my chunks): each chunk is its own document, and the lines point into it", async () => {
    mock.configure({ schemaRandom: undefined, faults: {} });
    const file = join(dir, "mine.jsonl");
    const mine = [
      "The Danube flows into the Black Sea after 2,850 km.",
      "The Rhine reaches the North Sea in the Netherlands.",
      "都江堰由李冰主持修建，至今仍在灌溉成都平原。",
    ];
    writeFileSync(file, mine.map((text, i) => JSON.stringify({ text, source: `kb-${i + 1}` })).join("\n"));
    const out = join(dir, "mine-out.jsonl");
    const run = await generate(out, "--chunks", file);
    // --docs is given by generate(); --chunks replaces it:
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--docs and --chunks are two sources");
    const stderr: string[] = [];
    const code = await runCli(
      [
        "generate",
        "--chunks",
        file,
        "--size",
        "3",
        "--out",
        out,
        "--mode",
        "quick",
        "--no-checks",
        "--base-url",
        mock.url,
        "--model",
        "m",
        "--embedding-model",
        "e",
      ],
      { stdout: { write: () => true }, stderr: { write: (t: string) => stderr.push(t) }, env: { OPENAI_API_KEY: FAKE_KEY } },
    );
    expect(code, stderr.join("")).toBe(0);
    for (const name of ["kb-1", "kb-2", "kb-3"]) expect(stderr.join("")).toContain(`document ${name}: 1 chunk`);
    const lines = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { reference_contexts: string[]; sources: { document: string; start: number; end: number }[] });
    expect(lines).toHaveLength(3);
    for (const l of lines)
      for (const [i, src] of l.sources.entries()) expect(mine[Number(src.document.slice(3)) - 1]!.slice(src.start, src.end)).toBe(l.reference_contexts[i]);
  });

  it("under 20% 429 / 10% 500 / 10% cut-off replies, graph and quick, every check on: N lines, no crash", async () => {
    mock.configure({ schemaRandom: undefined, faults: { rate429: 0.2, retryAfterSeconds: 1, rate500: 0.1, rateMalformed: 0.1, seed: 9 } });
    for (const mode of ["graph", "quick"]) {
      mock.resetLog();
      const out = join(dir, `faults-${mode}.jsonl`);
      const run = await generate(out, "--mode", mode);
      expect(run.code, run.stderr).toBe(0);
      expectEveryDocumentAccounted(run.stderr);
      const samples = expectTestset(readFileSync(out, "utf8"), N, texts);
      if (mode === "graph") expectShares(samples);
      for (const s of samples) {
        expect(Object.keys(s.checks).sort()).toEqual(["duplicate", "grounded", "leakage", "standalone"]);
        expect(Object.values(s.checks).every((c) => c?.pass)).toBe(true);
      }
      // The faults happened and were retried after the server's wait, not turned into lines.
      expect(mock.log.filter((r) => r.fault === "rate429").length).toBeGreaterThan(0);
      expect(mock.log.filter((r) => r.fault === "malformed").length).toBeGreaterThan(0);
      expect(run.waits.filter((ms) => ms === 1000).length).toBeGreaterThan(0);
      // A finished generation leaves neither its reply cache nor its journal.
      expect(() => readFileSync(`${out}.cache`)).toThrow();
      expect(() => readFileSync(`${out}.journal`)).toThrow();
    }
    mock.configure({ faults: {} });
  });
});
