import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * One temporary folder for the whole test run, first in every project's globalSetup: the workers
 * (and the Chromiums and CLI processes they start) inherit TMPDIR, so every os.tmpdir() of a test,
 * a browser profile and a download lands in it, and it goes when the last project ends. Before it,
 * each `npm test` left about thirty folders in the system's temp folder (downloads, reports, shots).
 * The projects' setups share one count on globalThis: vitest may load this file once per project.
 */
const KEY = Symbol.for("ragas-playground.test-temp-root");
/** Where a failed browser test leaves its screenshot and logs: outside the run's folder, which goes. */
export const ARTIFACTS_ENV = "RAGAS_PLAYGROUND_TEST_ARTIFACTS";
interface TempRoot {
  users: number;
  path: string;
  previous: string | undefined;
}
const state = globalThis as { [KEY]?: TempRoot };

export default function setup() {
  if (!state[KEY]) {
    const previous = process.env.TMPDIR;
    const path = mkdtempSync(join(tmpdir(), "ragas-playground-tests-"));
    process.env[ARTIFACTS_ENV] ??= join(tmpdir(), "ragas-e2e-artifacts");
    process.env.TMPDIR = path;
    state[KEY] = { users: 0, path, previous };
  }
  const root = state[KEY];
  root.users++;
  return () => {
    if (--root.users > 0) return;
    delete state[KEY];
    if (root.previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = root.previous;
    rmSync(root.path, { recursive: true, force: true, maxRetries: 3 });
  };
}
