import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReport } from "../../src/storage/format/report-parse";
import type { Report } from "../../src/storage/format/report-schema";
import { type MockServer, startMockServer } from "../mock/server";
import { journaledRequests } from "./kill-resume";
import { FAKE_KEY, ROOT, runCliInProcess, runCliProcess } from "./spawn-cli";
import { cliEntry } from "./cli-entry";

/**
 * Contract 9 with a real kill -9: the CLI is killed mid-run, resumed, and the mock's log shows
 * that the resumed run asked nothing about the samples the journal already held.
 */

const N = 16;
const ids = Array.from({ length: N }, (_, i) => `item-${String(i + 1).padStart(2, "0")}`);
let mock: MockServer;
let dir: string;
let input: string;

beforeAll(async () => {
  mock = await startMockServer({ apiKey: FAKE_KEY, latencyMs: 120 });
  dir = mkdtempSync(join(tmpdir(), "ragas-resume-"));
  input = join(dir, "samples.jsonl");
  const rows = ids.map((id) => ({
    id,
    question: `What does the ${id} record say?`,
    answer: `The ${id} record says the river is long. It also says the river is old.`,
    contexts: [`The ${id} record: the river is long and the river is old.`],
    reference: `The ${id} record says the river is long.`,
  }));
  writeFileSync(input, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
});
afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const args = (out: string, ...more: string[]) => [
  "score",
  "--input",
  input,
  "--base-url",
  mock.url,
  "--model",
  "mock-judge",
  "--metrics",
  "faithfulness,context_recall",
  "--concurrency",
  "2",
  "--out",
  out,
  ...more,
];
const env = { OPENAI_API_KEY: FAKE_KEY };

/** Chat requests per sample id, found by the id the prompt quotes. */
function requestsBySample(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const record of mock.log.filter((r) => r.kind === "chat")) {
    const id = /item-\d\d/.exec(JSON.stringify(record.body))?.[0] ?? "?";
    counts[id] = (counts[id] ?? 0) + 1;
  }
  return counts;
}

/** Starts the CLI and SIGKILLs it once the journal holds `entries` finished samples. */
function runAndKill(argv: string[], journal: string, entries: number): Promise<NodeJS.Signals | null> {
  const child = spawn(process.execPath, [...cliEntry(), ...argv], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: "ignore",
  });
  const poll = setInterval(() => {
    const lines = existsSync(journal)
      ? readFileSync(journal, "utf8")
          .split("\n")
          .filter((l) => l.includes('"sampleId"')).length
      : 0;
    if (lines >= entries) child.kill("SIGKILL");
  }, 20);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (_code, signal) => {
      clearInterval(poll);
      resolve(signal);
    });
  });
}

function reportAt(path: string): Report {
  const parsed = parseReport(readFileSync(path, "utf8"), path);
  if (!parsed.ok) throw parsed.error;
  return parsed.report;
}

/** Results without what timing and the reply cache change (each call's ms, and whether it was sent or served). */
function timeless(report: Report): unknown {
  return JSON.parse(JSON.stringify(report.results), (key, value) => (["ms", "cached", "attempts"].includes(key) ? 0 : value));
}

describe("cli score --resume after kill -9", { timeout: 120_000 }, () => {
  it("requests nothing for finished samples and writes the report an uninterrupted run writes", async () => {
    const full = join(dir, "full.json");
    mock.resetLog();
    const straight = await runCliInProcess(args(full), { env });
    expect(straight.code, straight.stderr).toBe(0);
    const fullCounts = requestsBySample();
    expect(existsSync(`${full}.journal`), "a finished run leaves no journal").toBe(false);

    const out = join(dir, "killed.json");
    const journal = `${out}.journal`;
    mock.resetLog();
    expect(await runAndKill(args(out), journal, 4)).toBe("SIGKILL");
    expect(existsSync(out)).toBe(false);
    const lines = readFileSync(journal, "utf8").split("\n");
    const finished = new Set(
      lines
        .slice(1)
        .filter((l) => l.endsWith("}") && l.includes('"sampleId"'))
        .map((l) => JSON.parse(l).sampleId as string),
    );
    const billedBeforeKill = journaledRequests(journal);
    expect(finished.size).toBeGreaterThanOrEqual(4);
    expect(finished.size).toBeLessThan(N);

    mock.resetLog();
    const resumed = await runCliProcess(args(out, "--resume"), { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`resuming: ${finished.size} finished sample runs`);
    const counts = requestsBySample();
    for (const id of finished) expect(counts[id], `requests for finished ${id}`).toBeUndefined();
    // An unfinished sample asks at most what it asks in an uninterrupted run: what was answered comes from the reply cache.
    for (const id of ids.filter((i) => !finished.has(i))) expect(counts[id] ?? 0, id).toBeLessThanOrEqual(fullCounts[id]!);
    const resumedRequests = mock.log.filter((r) => r.kind === "chat" || r.kind === "embedding").length;
    expect(existsSync(journal)).toBe(false);

    const a = reportAt(full);
    const b = reportAt(out);
    expect(timeless(b)).toEqual(timeless(a));
    expect(b.summary).toEqual(a.summary);
    // The bill: every request the killed process journaled, and every request of the resumed one.
    expect(b.usage.requests).toBe(billedBeforeKill + resumedRequests);
    expect(b.usage.requests).toBeGreaterThanOrEqual(a.usage.requests);
  });

  it("--repeat 3 keeps three runs per sample with their mean and std", async () => {
    const out = join(dir, "repeat.json");
    const run = await runCliInProcess(
      [...args(out, "--repeat", "3")].map((a) => (a === "faithfulness,context_recall" ? "faithfulness" : a)),
      { env },
    );
    expect(run.code, run.stderr).toBe(0);
    const report = reportAt(out);
    expect(report.config.repeat).toBe(3);
    for (const row of report.results) {
      expect(row.repeats).toHaveLength(2);
      expect(row.stats!.faithfulness!.n + row.stats!.faithfulness!.nullCount).toBe(3);
    }
    expect(report.summary.faithfulness).toHaveProperty("repeatStd");
    expect(run.stderr).toContain(`scoring ${N} samples x 1 metric x 3 runs`);
  });
});
