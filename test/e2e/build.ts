import { fileURLToPath } from "node:url";
import { resolve } from "node:path";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
export const DIST_DIR = resolve(ROOT, "dist");
export const CHROMIUM_PATH = "/usr/bin/chromium";

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
