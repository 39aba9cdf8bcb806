import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { CliIO } from "../../src/cli/io";
import { runCli } from "../../src/cli/run";
import { recomputeScore } from "../../src/engine/recompute";
import type { Report } from "../../src/storage/format/report-schema";
import { cliEntry } from "./cli-entry";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const FIXTURES = fileURLToPath(new URL("../fixtures/cli/", import.meta.url));

/** A key distinctive enough that finding it anywhere is a leak, never a coincidence. */
export const FAKE_KEY = "sk-e2e-LEAKCHECK-7c1f0a9b3d5e";

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real entry point in its own process (the bundle of the working tree, see cli-entry.ts).
 * `interruptWhen` sends SIGINT, as a user's Ctrl-C would, once stderr shows what it waits for
 * (a fixed delay would race the start-up on a busy machine).
 */
export function runCliProcess(args: string[], options: { env?: Record<string, string>; interruptWhen?: (stderr: string) => boolean } = {}): Promise<CliRun> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env };
  const child = spawn(process.execPath, [...cliEntry(), ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
  let interrupted = false;
  child.stderr.setEncoding("utf8").on("data", (c: string) => {
    stderr += c;
    if (!interrupted && options.interruptWhen?.(stderr)) {
      interrupted = true;
      child.kill("SIGINT");
    }
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/**
 * The same command line through runCli in this process (what main.ts calls), for tests about what
 * the CLI does rather than about the process around it: no loader start-up per test (about 3 s on
 * a busy 2-core machine). `env` is the whole environment the CLI sees.
 */
export async function runCliInProcess(args: string[], options: { env?: Record<string, string> } = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const io: CliIO = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { ...options.env },
  };
  const code = await runCli(args, io);
  return { code, signal: null, stdout, stderr };
}

/** Contracts 3 and 4 on a whole report: every score recomputes from its trace, every null is coded. */
export function expectAccountedFor(report: Report): { scored: number; nulls: number; codes: Record<string, number> } {
  let scored = 0;
  let nulls = 0;
  const codes: Record<string, number> = {};
  expect(report.results).toHaveLength(report.samples.length);
  for (const row of report.results) {
    expect(Object.keys(row.metrics).sort()).toEqual([...report.config.metrics].sort());
    for (const [metricId, result] of Object.entries(row.metrics)) {
      if (result.score === null) {
        expect(result.error?.code, `${row.sampleId} ${metricId}`).toMatch(/^[a-z_]+$/);
        codes[result.error!.code] = (codes[result.error!.code] ?? 0) + 1;
        nulls++;
      } else {
        expect(Number.isFinite(result.score)).toBe(true);
        const again = recomputeScore(metricId, result.trace);
        expect(again.score, `${row.sampleId} ${metricId}`).not.toBeNull();
        expect(Math.abs(again.score! - result.score)).toBeLessThanOrEqual(1e-9);
        scored++;
      }
    }
  }
  return { scored, nulls, codes };
}
