import { accessSync, constants, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import { type BrowserHost, findChromium } from "../harness/find-chromium";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
export const DIST_DIR = resolve(ROOT, "dist");

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function thisMachine(): BrowserHost {
  let osRelease: string | undefined;
  try {
    osRelease = process.platform === "linux" ? readFileSync("/etc/os-release", "utf8") : undefined;
  } catch {
    osRelease = undefined;
  }
  return { platform: process.platform, env: process.env, homedir: homedir(), isExecutable, osRelease };
}

let found: string | undefined;

/**
 * The Chrome or Chromium the browser tests and the scripts drive (CHROME_PATH, PATH, the usual
 * install locations: test/harness/find-chromium.ts). Throws, naming the install command for this
 * system, when there is none.
 */
export function chromiumPath(): string {
  if (found) return found;
  const lookup = findChromium(thisMachine());
  if (!lookup.found) throw new Error(lookup.message);
  found = lookup.path;
  return found;
}

/**
 * `vite build` (production) through the JS API, with the project's own vite.config.ts, into
 * dist/ or the given folder. Returns the URL paths of the files it emitted ("/assets/index-abc.js").
 */
export async function buildApp(outDir: string = DIST_DIR): Promise<string[]> {
  const { build } = await import("vite");
  // Vitest sets NODE_ENV=test, and Vite bakes process.env.NODE_ENV into the bundle when it is
  // set: inside vitest that would build React's development bundle. Test what users get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  let output: Awaited<ReturnType<typeof build>>;
  try {
    output = await build({
      root: ROOT,
      configFile: resolve(ROOT, "vite.config.ts"),
      mode: "production",
      logLevel: "warn",
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const outputs = Array.isArray(output) ? output : [output];
  const files: string[] = [];
  for (const out of outputs) if ("output" in out) for (const item of out.output) files.push(`/${item.fileName}`);
  return files;
}
