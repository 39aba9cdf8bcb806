import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CLI_BUNDLE_ENV } from "./cli-entry";

/**
 * Builds the CLI once per test run, from the working tree, into a folder of its own (never
 * dist-cli/, which bin.test.ts and the package own). The test workers inherit the path through
 * the environment (cli-entry.ts); spawning the bundle instead of node + tsx saved about a second
 * of CPU per CLI process, and the Node tests start about fifty of them. The three Node projects
 * share this setup and vitest runs it once per project in the same process: the first builds, the
 * others reuse its bundle (three builds cost about 3 s before any test could start).
 */
export default function setup() {
  if (process.env[CLI_BUNDLE_ENV]) return () => undefined;
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const outdir = mkdtempSync(join(tmpdir(), "ragas-cli-under-test-"));
  execFileSync(process.execPath, [join(root, "scripts/build-cli.mjs"), "--outdir", outdir], { cwd: root, stdio: "inherit" });
  process.env[CLI_BUNDLE_ENV] = join(outdir, "ragas-playground.mjs");
  return () => {
    rmSync(outdir, { recursive: true, force: true });
    delete process.env[CLI_BUNDLE_ENV];
  };
}
