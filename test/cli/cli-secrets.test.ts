import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReport } from "../../src/storage/format/report-parse";
import { type MockServer, startMockServer } from "../mock/server";
import { runAndKill, writeSamples } from "./kill-resume";
import { FIXTURES, runCliInProcess, runCliProcess } from "./spawn-cli";

/**
 * Issue 26: no secret reaches a file the CLI writes or its stderr. The key an endpoint echoes
 * back inside its replies (the mock's echoApiKey) is scrubbed from every line of the journal and
 * the reply cache before it is written, as it is from the report, a run killed with kill -9
 * included; and the credentials a base URL carries (?api-key=, ?key=, user:password@) are named
 * in no message and no result.
 */

/** Not shaped like an OpenAI key, so only the run's secret list can catch it. */
const KEY = "LEAKECHO-9f3b27c1d5a8e6";
const env = { OPENAI_API_KEY: KEY };
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "ragas-secrets-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every file under `root`, at any depth. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(root, e.name)) : [join(root, e.name)]));
}

/** The files under `root` that hold `secret`, by name. */
function holding(root: string, secret: string): string[] {
  return filesUnder(root).filter((f) => readFileSync(f, "latin1").includes(secret));
}

describe("cli score writes no secret to disk", { timeout: 120_000 }, () => {
  let mock: MockServer;
  let random: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ apiKey: KEY, echoApiKey: true, latencyMs: 10 });
    random = await startMockServer({ apiKey: KEY, echoApiKey: true, schemaRandom: { seed: 5 } });
  });
  afterAll(async () => {
    await mock.close();
    await random.close();
  });

  it("keeps the key the endpoint echoes in its replies out of every file: after kill -9, on resume, in --cache DIR, against schema-random replies", async () => {
    const input = join(dir, "eight.jsonl");
    writeSamples(input, 8);
    const args = (baseURL: string, out: string, ...more: string[]) => [
      "score",
      ...["--input", input, "--base-url", baseURL, "--model", "mock-judge", "--metrics", "faithfulness,context_recall"],
      ...["--concurrency", "4", "--out", out, ...more],
    ];
    mkdirSync(join(dir, "killed"));
    const out = join(dir, "killed", "report.json");
    const signal = await runAndKill(mock, args(mock.url, out), { at: 14, settle: { journal: `${out}.journal` }, env });
    mock.configure({ latencyMs: 10 });
    expect(signal).toBe("SIGKILL");
    // What a kill -9 leaves: the journal and the reply cache, each holding echoed replies, scrubbed.
    expect(filesUnder(join(dir, "killed")).sort()).toEqual([`${out}.cache`, `${out}.journal`]);
    expect(holding(join(dir, "killed"), "[redacted]").sort(), "the echoed key reached both files, replaced").toEqual([`${out}.cache`, `${out}.journal`]);
    expect(holding(dir, KEY), "after kill -9").toEqual([]);

    const resumed = await runCliProcess(args(mock.url, out, "--resume"), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).not.toContain(KEY);

    mkdirSync(join(dir, "cached"));
    const cachedOut = join(dir, "cached", "report.json");
    const cacheDir = join(dir, "cached", "replies");
    const run = await runCliProcess(args(random.url, cachedOut, "--cache", cacheDir), { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain(KEY);
    expect(holding(cacheDir, "[redacted]"), "schema-random replies echo the key too").toEqual([join(cacheDir, "replies.jsonl")]);

    const written = filesUnder(dir).filter((f) => f !== input);
    expect(written.sort()).toEqual([out, join(cacheDir, "replies.jsonl"), cachedOut].sort());
    expect(holding(dir, KEY), "after the resumed and the cached run").toEqual([]);
    const report = parseReport(readFileSync(out, "utf8"), out);
    expect(report.ok && JSON.stringify(report.report.results).includes("[redacted]"), "the report's traces held the echo").toBe(true);
  });
});

describe("cli score names no credential of the base URL", { timeout: 60_000 }, () => {
  /** A server that fails every request (503): the run starts, and every result is an llm_error naming the server. */
  let down: Server;
  let port: number;
  beforeAll(async () => {
    down = createServer((_req, res) => {
      res.writeHead(503, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "overloaded", type: "server_error" } }));
    });
    await new Promise<void>((resolve) => down.listen(0, "127.0.0.1", resolve));
    port = (down.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => down.close(resolve));
  });

  it("drops ?api-key= from stderr, the report and every result's error message", async () => {
    const secret = "URLKEY-3c9d81e0f7a2";
    const out = join(dir, "url", "report.json");
    mkdirSync(join(dir, "url"));
    const run = await runCliInProcess(
      [
        "score",
        ...["--input", join(FIXTURES, "samples.jsonl"), "--base-url", `http://127.0.0.1:${port}/v1?api-key=${secret}`, "--model", "m"],
        ...["--metrics", "faithfulness", "--retries", "0", "--out", out],
      ],
      { env },
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(`error: every request failed; the first error: The server at http://127.0.0.1:${port}/v1 failed (HTTP 503`);
    expect(run.stderr).not.toContain(secret);
    const text = readFileSync(out, "utf8");
    expect(text).not.toContain(secret);
    const parsed = parseReport(text, out);
    if (!parsed.ok) throw parsed.error;
    const messages = parsed.report.results.flatMap((r) => Object.values(r.metrics).map((m) => m.error?.message ?? ""));
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).toMatch(new RegExp(`^The server at http://127\\.0\\.0\\.1:${port}/v1 failed`));
    expect(holding(join(dir, "url"), secret)).toEqual([]);
  });

  it("drops user:password@ and ?key= from the could-not-start line", async () => {
    const run = await runCliInProcess(
      [
        "score",
        ...["--input", join(FIXTURES, "samples.jsonl"), "--base-url", `http://carol:PASSWORD-77e1@127.0.0.1:${port}/v1?key=QKEY-5b0a9c`, "--model", "m"],
        ...["--metrics", "faithfulness", "--retries", "0"],
      ],
      { env },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`error: could not start: Could not reach http://127.0.0.1:${port}/v1:`);
    for (const secret of ["PASSWORD-77e1", "QKEY-5b0a9c", "carol"]) expect(run.stderr).not.toContain(secret);
  });
});
