import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { answered } from "../mock/request-log";
import type { MockRequestRecord, MockServer } from "../mock/server";
import { cliEntry } from "./cli-entry";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Shared by the kill -9 tests and scripts/measure-resume.ts (so no vitest import here): samples,
 * and a CLI killed mid-run.
 */

/** `n` samples that share no text, so no two of their requests are the same request. */
function distinctSamples(n: number): string {
  const rivers = ["Nile", "Amazon", "Yangtze", "Danube", "Volga", "Rhine", "Mekong", "Indus", "Ganges", "Tigris"];
  return Array.from({ length: n }, (_, i) => {
    const river = `${rivers[i % rivers.length]} ${i + 1}`;
    const km = 1000 + 37 * i;
    return JSON.stringify({
      id: `s${String(i + 1).padStart(2, "0")}`,
      question: `How long is the river ${river}?`,
      answer: `The river ${river} is ${km} km long. It flows into sea ${i + 1}.`,
      contexts: [`Survey ${i + 1}: the river ${river} runs ${km} km before it reaches sea ${i + 1}.`, `Sea ${i + 1} is salty and deep.`],
      reference: `The river ${river} is ${km} km long.`,
    });
  }).join("\n");
}

/** Requests each journaled `spent` line bills (a request retried twice counts twice). */
export function journaledRequests(journal: string): number {
  if (!existsSync(journal)) return 0;
  let total = 0;
  for (const line of readFileSync(journal, "utf8").split("\n")) {
    if (!line.includes('"spent"')) continue;
    try {
      for (const call of (JSON.parse(line) as { spent: { attempts: number }[] }).spent) total += Math.max(1, call.attempts);
    } catch {
      // a torn line is not billed
    }
  }
  return total;
}

export interface KillOptions {
  /** SIGKILL once the mock has answered this many requests of this process (or once they pass this test). */
  at: number | ((answered: MockRequestRecord[]) => boolean);
  /**
   * Hold every later request unanswered and wait (up to 15 s, for a busy machine) until no reply is arriving and the journal bills all that were
   * answered before killing, so every reply the process received had its moment to be written:
   * what is asked again afterwards was lost by the CLI, not on the wire. Without it the kill is
   * blind, as a real crash is, and replies still in flight are lost with the process.
   */
  settle?: { journal: string };
  env: Record<string, string>;
}

/**
 * Runs the CLI until the mock has answered `at` of its requests, then kill -9. Resolves to the
 * signal. With `settle`, the mock is left holding requests: the caller sets its latency back.
 */
export function runAndKill(mock: MockServer, argv: string[], options: KillOptions): Promise<NodeJS.Signals | null> {
  const before = mock.log.length;
  const child = spawn(process.execPath, [...cliEntry(), ...argv], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
    stdio: "ignore",
  });
  let heldSince: number | undefined;
  // Requests already in flight when the mock starts holding keep their old latency and are still
  // answered: the kill waits until the answered count has not moved for a while, not just for a
  // moment when the journal has caught up with it.
  let lastCount = -1;
  let lastChange = 0;
  const poll = setInterval(() => {
    const done = answered(mock.log.slice(before));
    if (done.length !== lastCount) {
      lastCount = done.length;
      lastChange = performance.now();
    }
    const reached = typeof options.at === "number" ? done.length >= options.at : options.at(done);
    if (heldSince === undefined && reached) {
      if (!options.settle) {
        child.kill("SIGKILL");
        clearInterval(poll);
        return;
      }
      mock.configure({ latencyMs: 3_600_000 });
      heldSince = performance.now();
    }
    if (heldSince !== undefined && options.settle) {
      const billed = journaledRequests(options.settle.journal);
      const quiet = performance.now() - lastChange > 500;
      if ((quiet && billed >= answered(mock.log.slice(before)).length) || performance.now() - heldSince > 15_000) {
        child.kill("SIGKILL");
        clearInterval(poll);
      }
    }
  }, 5);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (_code, signal) => {
      clearInterval(poll);
      resolve(signal);
    });
  });
}

export function writeSamples(path: string, n: number): void {
  writeFileSync(path, distinctSamples(n));
}

/** Runs the CLI to its end; resolves to its exit code and standard error. */
export function runToEnd(argv: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [...cliEntry(), ...argv], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

/**
 * Spawns the CLI and kill -9s it the moment `ready()` holds (checked every 5 ms), whatever it was
 * doing: the batch tests' crash mid-round. Resolves to the signal it ended with.
 */
export function killWhen(argv: string[], ready: () => boolean, env: Record<string, string>): Promise<NodeJS.Signals | null> {
  const child = spawn(process.execPath, [...cliEntry(), ...argv], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: "ignore",
  });
  const poll = setInterval(() => {
    if (ready()) child.kill("SIGKILL");
  }, 5);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (_code, signal) => {
      clearInterval(poll);
      resolve(signal);
    });
  });
}
