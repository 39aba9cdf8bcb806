/** Shared by the measurement and screenshot scripts: build or reuse dist/, serve it, drive Chromium. */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildApp, chromiumPath, DIST_DIR } from "../test/e2e/build";
import { serveStatic, type StaticServer } from "../test/e2e/static-server";

export { chromiumPath, DIST_DIR };

/**
 * Serves the app: dist/ as it is with --no-build (or E2E_SKIP_BUILD=1), otherwise a fresh
 * production build made in a private temporary folder (so it never collides with a build of
 * dist/ running in the same tree). Served from memory either way.
 */
export async function builtApp(): Promise<StaticServer> {
  // Before any build: no browser stops here, with the install command for this system.
  chromiumPath();
  const reuse = process.argv.includes("--no-build") || process.env.E2E_SKIP_BUILD === "1";
  if (reuse && existsSync(resolve(DIST_DIR, "index.html"))) return serveStatic(DIST_DIR);
  const outDir = mkdtempSync(join(tmpdir(), "ragas-build-"));
  try {
    console.error(`building the app (production) into ${outDir} …`);
    const emitted = await buildApp(outDir);
    return await serveStatic(outDir, 0, emitted);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
