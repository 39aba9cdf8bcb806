/**
 * Issue 21's closing numbers: what a kill -9 at 20%, 50% and 80% of a run costs. 50 samples x
 * five metrics at concurrency 16 against the mock (40 ms per reply); the CLI is killed blind (as a
 * crash would: replies in flight are lost) once the mock has answered that share of the requests
 * an uninterrupted run makes, then resumed. Counted: requests the mock answered over both
 * processes (connection checks left out), and how many of them were asked twice; with the reply
 * cache (the default) and with --no-cache (resume at the grain of a sample, as before issue 21).
 *
 *   npx tsx scripts/measure-resume.ts
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { answered, isConnectionCheck, repeatedRequests } from "../test/mock/request-log";
import { startMockServer } from "../test/mock/server";
import { runAndKill, runToEnd, writeSamples } from "../test/cli/kill-resume";

const KEY = "sk-measure-resume";
const env = { OPENAI_API_KEY: KEY };
const mock = await startMockServer({ apiKey: KEY, latencyMs: 40 });
const dir = mkdtempSync(join(tmpdir(), "ragas-measure-resume-"));
const input = join(dir, "fifty.jsonl");
writeSamples(input, 50);
const argv = (out: string, ...more: string[]) => [
  "score",
  ...["--input", input, "--base-url", mock.url, "--model", "mock-judge", "--embedding-model", "mock-embedding"],
  ...["--concurrency", "16", "--out", out, ...more],
];
const lineCount = (path: string) =>
  existsSync(path)
    ? readFileSync(path, "utf8")
        .split("\n")
        .filter((l) => l.endsWith("}")).length
    : 0;
const work = () => answered(mock.log).filter((r) => !isConnectionCheck(r));

try {
  mock.resetLog();
  const straight = await runToEnd(argv(join(dir, "straight.json")), env);
  if (straight.code !== 0) throw new Error(straight.stderr);
  const ideal = work().length;
  console.log(`uninterrupted run: ${ideal} requests (the ideal for a killed and resumed run too); load average ${loadavg()[0]!.toFixed(1)}\n`);
  console.log("| kill at | mode | killed process | unwritten at the kill | resumed process | both | asked twice | over the ideal |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const share of [0.2, 0.5, 0.8]) {
    for (const mode of ["reply cache", "--no-cache"] as const) {
      const out = join(dir, `killed-${share}-${mode === "--no-cache" ? "nocache" : "cache"}.json`);
      const extra = mode === "--no-cache" ? ["--no-cache"] : [];
      mock.resetLog();
      await runAndKill(mock, argv(out, ...extra), { at: Math.round(share * ideal), env });
      const first = work().length;
      // Replies the mock had sent that the killed CLI had not yet written (still in its sockets or queue).
      const unwritten = mode === "--no-cache" ? "-" : String(first - lineCount(`${out}.cache`));
      const resumed = await runToEnd(argv(out, "--resume", ...extra), env);
      if (resumed.code !== 0) throw new Error(resumed.stderr);
      const both = work();
      const twice = repeatedRequests(both).reduce((sum, r) => sum + r.times - 1, 0);
      const over = both.length - ideal;
      console.log(
        `| ${share * 100}% | ${mode} | ${first} | ${unwritten} | ${both.length - first} | ${both.length} | ${twice} | +${over} (${((100 * over) / ideal).toFixed(1)}%) |`,
      );
    }
  }
} finally {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
}
