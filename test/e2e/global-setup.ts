/**
 * Browser-test setup, run once in vitest's main process:
 *  1. finds Chrome or Chromium (CHROME_PATH, PATH, the usual install locations; the browser tests
 *     are required, never skipped, so none stops the run with the install command for this system);
 *  2. builds the app into dist/ with the Vite JS API (E2E_SKIP_BUILD=1 reuses an existing dist/);
 *  3. serves dist/ on 127.0.0.1 with a small static server (SPA fallback, real MIME types);
 *  4. starts the project's mock OpenAI server with default options.
 * The URLs reach the tests through vitest's provide/inject. Tests that need the mock's request log
 * or special options (auth, CORS, latency) start their own mock in the test process.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { buildApp, chromiumPath, DIST_DIR } from "./build";
import { serveStatic } from "./static-server";
import { startMockServer } from "../mock/server";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    sharedMockUrl: string;
  }
}

export default async function setup(project: TestProject) {
  console.log(`[e2e] browser: ${chromiumPath()}`);
  let emitted: string[] = [];
  if (process.env.E2E_SKIP_BUILD === "1" && existsSync(resolve(DIST_DIR, "index.html"))) {
    console.log(`[e2e] E2E_SKIP_BUILD=1: reusing ${DIST_DIR}`);
  } else {
    const started = Date.now();
    emitted = await buildApp();
    console.log(`[e2e] built the app into ${DIST_DIR} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // Served from memory: a later build in the same tree cannot change the app under the tests.
  const app = await serveStatic(DIST_DIR, 0, emitted);
  const mock = await startMockServer({});
  project.provide("appUrl", app.url);
  project.provide("sharedMockUrl", mock.url);
  console.log(`[e2e] app at ${app.url}, mock at ${mock.url}`);
  return async () => {
    await mock.close();
    await app.close();
  };
}
