import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELP } from "../../src/cli/help";
import { ROOT } from "./spawn-cli";

/**
 * Issue 19, what it must show 4: `npm pack`, the tarball installed into an empty project, then
 * `npx ragas-playground score --help` and a judge-free score run from there. The package has no
 * runtime dependencies (the bin is one esbuild bundle, scripts/build-cli.mjs), so the install
 * needs nothing but the tarball: `--offline` proves it.
 */
let dir: string;
let project: string;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
// No registry, no update check: whatever runs here runs from the tarball alone.
const env = { ...process.env, npm_config_offline: "true", npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "cli-pack-"));
  // `npm pack` runs `prepare`, which builds dist-cli afresh.
  execFileSync(npm, ["pack", "--pack-destination", dir, "--silent"], { cwd: ROOT, env, stdio: "pipe" });
  const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"))!;
  project = join(dir, "empty");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "empty-project", private: true }));
  execFileSync(npm, ["install", "--offline", "--no-audit", "--no-fund", join(dir, tarball)], { cwd: project, env, stdio: "pipe" });
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Wall time of one command in the project, in seconds; its output must be the help text. */
function timed(command: string, args: string[]): number {
  const start = process.hrtime.bigint();
  const run = spawnSync(command, args, { cwd: project, env, encoding: "utf8" });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  expect(run.status, run.stderr).toBe(0);
  if (args.includes("--help")) expect(run.stdout).toBe(HELP);
  return seconds;
}

describe("the packed package, installed into an empty project", { timeout: 120_000 }, () => {
  it("installs the bin and nothing else: no runtime dependency comes along", () => {
    expect(readdirSync(join(project, "node_modules")).filter((d) => !d.startsWith("."))).toEqual(["ragas-playground"]);
    const installed = JSON.parse(readFileSync(join(project, "node_modules/ragas-playground/package.json"), "utf8")) as Record<string, unknown>;
    expect(installed.dependencies).toBeUndefined();
  });

  it("`npx ragas-playground score --help` prints the help, from the project's own bin (no registry)", () => {
    // How fast it starts is a property of what the bin loads (test/cli/bin.test.ts holds its static
    // imports under 40 kB); wall times swing with the machine's load, so they are printed, not asserted.
    // One run of each: three (for a median) cost the suite about 4 CPU-seconds, npx's own start-up mostly.
    const bare = timed(process.execPath, ["-e", "0"]);
    const bin = timed(join(project, "node_modules/.bin/ragas-playground"), ["score", "--help"]);
    const viaNpx = timed(npx, ["--no-install", "ragas-playground", "score", "--help"]);
    const s = (seconds: number) => `${seconds.toFixed(2)} s`;
    console.log(`[pack] node -e 0 ${s(bare)}; node_modules/.bin/ragas-playground score --help ${s(bin)}; npx ragas-playground score --help ${s(viaNpx)}`);
  });

  it("scores a file with the metrics that need no judge, from the empty project", () => {
    const input = join(project, "in.jsonl");
    const rows = [
      { user_input: "长江有多长？", retrieved_contexts: ["长江全长约6300公里。"], response: "约6300公里。", reference: "约6300公里。" },
      { user_input: "Where is the Eiffel Tower?", retrieved_contexts: ["The Eiffel Tower is in Paris."], response: "In Paris.", reference: "In Lyon." },
    ];
    writeFileSync(input, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
    const run = spawnSync(npx, ["ragas-playground", "score", "--input", "in.jsonl", "--metrics", "bleu,exact_match", "--out", "report.json"], {
      cwd: project,
      env,
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(project, "report.json"), "utf8")) as {
      results: { sampleId: string; metrics: Record<string, { score: number | null }> }[];
    };
    expect(report.results.map((r) => r.metrics.exact_match!.score)).toEqual([1, 0]);
    expect(report.results[0]!.metrics.bleu!.score).toBe(1);
    expect(report.results[1]!.metrics.bleu!.score).toBeGreaterThanOrEqual(0);
    expect(report.results[1]!.metrics.bleu!.score).toBeLessThan(1);
  });
});
