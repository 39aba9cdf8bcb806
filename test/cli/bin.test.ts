import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELP } from "../../src/cli/help";
import { ROOT } from "./spawn-cli";

/**
 * The package's bin (package.json "bin": dist-cli/ragas-playground.mjs), built ahead of time by
 * scripts/build-cli.mjs (`prepare`, `build`). Built afresh here (esbuild, about a second) so the
 * test never passes on a stale build, then run as an installed package runs it: plain node, no tsx.
 */
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { bin: Record<string, string>; files: string[]; scripts: Record<string, string> };
const BIN = join(ROOT, pkg.bin["ragas-playground"]!);
let dir: string;

beforeAll(() => {
  execFileSync(process.execPath, [join(ROOT, "scripts/build-cli.mjs")], { cwd: ROOT, stdio: "pipe" });
  dir = mkdtempSync(join(tmpdir(), "cli-bin-"));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bin = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: "utf8", env: { PATH: process.env.PATH ?? "" } });

describe("the ragas-playground bin", { timeout: 30_000 }, () => {
  it("is what the package ships and what CI builds", () => {
    expect(pkg.bin["ragas-playground"]).toBe("dist-cli/ragas-playground.mjs");
    expect(pkg.files).toContain("dist-cli");
    expect(pkg.scripts.prepare).toContain("build-cli");
    expect(pkg.scripts.build).toContain("build:cli");
    expect(readFileSync(BIN, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("prints the same --help as npm run cli, starting without a TypeScript loader", () => {
    const run = bin(["score", "--help"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(HELP);
  });

  it("starts by loading only a few kB: the help text is built in, the metric registry and zod load with a command", () => {
    // The entry and every chunk it imports statically (dynamic import() calls load later, when a command runs).
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/^import\s+(?:[^;]*?\sfrom\s+)?"(\.[^"]+)";?$/gms)) visit(join(file, "..", m[1]!));
    };
    visit(BIN);
    const bytes = [...seen].reduce((sum, f) => sum + statSync(f).size, 0);
    expect(seen.size).toBeGreaterThan(1);
    expect(bytes).toBeLessThan(40_000);
  });

  it("scores with the metrics that need no judge and writes results by --out's extension", () => {
    const input = join(dir, "in.jsonl");
    writeFileSync(
      input,
      `${JSON.stringify({ user_input: "长江有多长？", retrieved_contexts: ["长江全长约6300公里。"], response: "约6300公里。", reference: "约6300公里。" })}\n`,
    );
    const out = join(dir, "r.csv");
    const run = bin(["score", "--input", input, "--metrics", "bleu,exact_match", "--out", out]);
    expect(run.status, run.stderr).toBe(0);
    const lines = readFileSync(out, "utf8").split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFid,user_input,retrieved_contexts,response,reference,bleu,bleu_error,bleu_reason,exact_match,exact_match_error,exact_match_reason",
    );
    expect(lines[1]).toMatch(/^row-1,长江有多长？,"\[""长江全长约6300公里。""\]",约6300公里。,约6300公里。,1,,.*,1,,/);
    const pq = bin(["score", "--input", input, "--metrics", "exact_match", "--out", join(dir, "r.parquet")]);
    expect(pq.status, pq.stderr).toBe(0);
    expect(readFileSync(join(dir, "r.parquet")).subarray(0, 4).toString("latin1")).toBe("PAR1");
  });
});
