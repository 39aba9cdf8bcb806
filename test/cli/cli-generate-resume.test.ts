import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answered, repeatedRequests } from "../mock/request-log";
import { type MockServer, startMockServer } from "../mock/server";
import { CORPUS, CORPUS_FILES, expectTestset, extractedTexts } from "./generate-corpus";
import { journaledRequests, runAndKill } from "./kill-resume";
import { FAKE_KEY, runCliInProcess, runCliProcess } from "./spawn-cli";

/**
 * Issue 28's must-show 3 (CLI): `generate` killed with SIGKILL at 60% of its requests and resumed
 * with --resume: no request answered before the kill is sent again (the reply cache beside --out
 * serves them), the two processes together ask exactly what one uninterrupted run asks, and the
 * test set equals the uninterrupted run's with the same seed, byte for byte.
 */

const LATENCY = 10;
const N = 6;
const env = { OPENAI_API_KEY: FAKE_KEY };
let mock: MockServer;
let dir: string;

beforeAll(async () => {
  mock = await startMockServer({ apiKey: FAKE_KEY, latencyMs: LATENCY });
  dir = mkdtempSync(join(tmpdir(), "ragas-generate-resume-"));
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The corpus's Markdown and text documents (English and Chinese): resuming is the pipeline's and the
 * reply cache's, the same for any document, and each of the three processes would otherwise load
 * pdf.js and the DOCX reader again (cli-generate.test.ts reads every format).
 */
const DOCS = CORPUS_FILES.filter((name) => /\.(md|txt)$/.test(name) && !["tiny.md", "empty.txt"].includes(name))
  .map((name) => join(CORPUS, name))
  .join(",");

const args = (out: string, ...more: string[]) => [
  "generate",
  ...["--docs", DOCS, "--size", String(N), "--out", out, "--seed", "4", "--concurrency", "8"],
  ...["--base-url", mock.url, "--model", "mock-judge", "--embedding-model", "mock-embedding", ...more],
];

describe("cli generate --resume after kill -9", { timeout: 240_000 }, () => {
  it("asks nothing twice and writes the uninterrupted run's test set", async () => {
    const full = join(dir, "full.jsonl");
    mock.resetLog();
    const straight = await runCliInProcess(args(full), { env });
    expect(straight.code, straight.stderr).toBe(0);
    const ideal = answered(mock.log);
    expect(repeatedRequests(ideal), "an uninterrupted generation asks nothing twice").toEqual([]);
    const expected = readFileSync(full, "utf8");
    expectTestset(expected, N, await extractedTexts());

    const out = join(dir, "killed.jsonl");
    mock.resetLog();
    const at = Math.round(ideal.length * 0.6);
    expect(await runAndKill(mock, args(out), { at, settle: { journal: `${out}.journal` }, env })).toBe("SIGKILL");
    mock.configure({ latencyMs: LATENCY });
    const first = answered(mock.log);
    expect(first.length).toBeGreaterThanOrEqual(at);
    expect(first.length).toBeLessThan(ideal.length);
    expect(journaledRequests(`${out}.journal`), "every answered request was journaled before the kill").toBe(first.length);
    expect(existsSync(out), "nothing written before the end").toBe(false);

    const resumed = await runCliProcess(args(out, "--resume"), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(new RegExp(`resuming: ${first.length} answered requests in .*killed\\.jsonl\\.cache`));
    const both = answered(mock.log);
    expect(repeatedRequests(both), "no request is asked twice over both processes").toEqual([]);
    expect(both.length).toBe(ideal.length);
    expect(resumed.stderr).toContain(`from the reply cache`);
    expect(resumed.stderr).toContain(`earlier processes of this generation: ${first.length} requests`);
    expect(readFileSync(out, "utf8")).toBe(expected);
    expect(existsSync(`${out}.journal`) || existsSync(`${out}.cache`)).toBe(false);
  });
});
