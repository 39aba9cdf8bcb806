import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../mock/server";
import { FAKE_KEY, FIXTURES, runCliInProcess } from "./spawn-cli";

/**
 * --resume after the run finished: the journal is gone and the report is whole. Nothing is left
 * to do, so nothing is sent (not even the connection check) and the report is kept as it is.
 */

let mock: MockServer;
let dir: string;
const env = { OPENAI_API_KEY: FAKE_KEY };

beforeAll(async () => {
  mock = await startMockServer({ apiKey: FAKE_KEY });
  dir = mkdtempSync(join(tmpdir(), "ragas-finished-"));
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const args = (out: string, ...more: string[]) => [
  "score",
  ...["--input", join(FIXTURES, "samples.jsonl"), "--base-url", mock.url, "--model", "mock-judge", "--metrics", "faithfulness"],
  ...["--out", out, ...more],
];

describe("cli score --resume of a finished run", { timeout: 60_000 }, () => {
  it("says the run is finished, keeps the report, sends no request and exits 0", async () => {
    const out = join(dir, "done.json");
    const first = await runCliInProcess(args(out), { env });
    expect(first.code, first.stderr).toBe(0);
    expect(existsSync(`${out}.journal`), "a finished run leaves no journal").toBe(false);
    const report = readFileSync(out, "utf8");
    const written = statSync(out).mtimeMs;

    mock.resetLog();
    const again = await runCliInProcess(args(out, "--resume"), { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe(
      `nothing to resume: the run that wrote ${out} finished (it left no ${out}.journal); the report is kept as it is. Run without --resume to score again\n`,
    );
    expect(mock.log, "not one request, not even the connection check").toEqual([]);
    expect(readFileSync(out, "utf8")).toBe(report);
    expect(statSync(out).mtimeMs).toBe(written);
  });

  it("still starts a run that has neither a report nor a journal yet", async () => {
    const out = join(dir, "new.json");
    mock.resetLog();
    const run = await runCliInProcess(args(out, "--resume"), { env });
    expect(run.code, run.stderr).toBe(0);
    expect(mock.log.length).toBeGreaterThan(0);
    expect(existsSync(out)).toBe(true);
  });
});
