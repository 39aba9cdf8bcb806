/**
 * Per-file test scaffolding: one Chromium per test worker (shared by the files it runs), a fresh
 * context (fresh IndexedDB) per test, mocks started in the test process (so the test can read their request log), and the
 * checks every test ends with: no "NaN" on the page, no uncaught page error, no request to any
 * origin but the app's and the mocks', and no API key typed in the test in the console.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import type { Browser } from "playwright-core";
import { consoleLeaks, findNaN, keysTyped, launchBrowser, openApp, unexpectedOrigins, type Session } from "./browser";
import { startMockServer, type MockOptions, type MockServer } from "../mock/server";
import { ARTIFACTS_ENV } from "../temp-root";
import { type BatchMock, type BatchMockOptions, startBatchMock } from "../mock/batch-server";

export interface E2E {
  readonly appUrl: string;
  /** Opens the app in a fresh context; closed (and checked) after the test. */
  open(options?: Parameters<typeof openApp>[2]): Promise<Session>;
  /** Starts a mock OpenAI server for this test; closed after the test. */
  mock(options?: MockOptions): Promise<MockServer>;
  /** Starts a batch API mock (Files + Batches) for this test; closed after the test. */
  batchMock(options?: BatchMockOptions): Promise<BatchMock>;
}

/** `allowOrigins`: origins a test's routes stand in for (the Hub's rows API), allowed besides the app and the mocks. */
let workerBrowser: Promise<Browser> | undefined;

/**
 * The e2e files share their worker's modules (vite.config.ts, isolate: false), so this outlives a
 * file: the Chromium launched for the first file serves the next ones (a launch took about 1.4
 * CPU-seconds), and one that crashed or was closed is replaced. playwright ends it when the worker exits.
 */
async function sharedBrowser(): Promise<Browser> {
  const current = await workerBrowser?.catch(() => undefined);
  if (current?.isConnected()) return current;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

export function useE2E(options: { allowOrigins?: readonly string[] } = {}): E2E {
  let browser: Browser | undefined;
  let sessions: Session[] = [];
  let mocks: { url: string; close(): Promise<void> }[] = [];
  const appUrl = inject("appUrl");

  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    // The browser stays for the worker's next file; only this file's contexts are its to close.
    for (const context of browser?.contexts() ?? []) await context.close().catch(() => undefined);
  });
  afterEach(async (context) => {
    const open = sessions;
    const servers = mocks;
    sessions = [];
    mocks = [];
    try {
      const passed = context.task.result?.state !== "fail" && (context.task.result?.errors?.length ?? 0) === 0;
      if (!passed) await saveArtifacts(context.task.name, open);
      for (const s of open) {
        if (passed && !s.page.isClosed()) {
          expect(await findNaN(s.page), "no NaN anywhere on the page").toEqual([]);
        }
        for (const key of keysTyped(s.page)) expect(consoleLeaks(s, key), "the API key never reaches the console").toEqual([]);
        if (passed) {
          expect(s.pageErrors, "no uncaught error in the page").toEqual([]);
          expect(
            unexpectedOrigins(s, [appUrl, inject("sharedMockUrl"), ...servers.map((m) => m.url), ...(options.allowOrigins ?? [])]),
            "requests only to the app and the mocks",
          ).toEqual([]);
        }
      }
    } finally {
      for (const s of open) await s.close().catch(() => undefined);
      for (const m of servers) await m.close().catch(() => undefined);
    }
  });

  return {
    appUrl,
    async open(options) {
      if (!browser) throw new Error("browser not launched");
      return openApp(browser, appUrl, options, (session) => sessions.push(session));
    },
    async mock(options = {}) {
      const server = await startMockServer(options);
      mocks.push(server);
      return server;
    },
    async batchMock(options = {}) {
      const server = await startBatchMock(options);
      mocks.push(server);
      return server;
    },
  };
}

/** On failure: a screenshot, the page's text, its console and requests, under the OS temp folder (beside the run's own temp folder, which goes at the end). */
async function saveArtifacts(testName: string, sessions: Session[]): Promise<void> {
  const dir = join(process.env[ARTIFACTS_ENV] ?? join(tmpdir(), "ragas-e2e-artifacts"), testName.replace(/[^\w-]+/g, "_").slice(0, 80));
  await mkdir(dir, { recursive: true });
  for (const [i, s] of sessions.entries()) {
    if (!s.page.isClosed()) {
      await s.page.screenshot({ path: join(dir, `page-${i}.png`), fullPage: true }).catch(() => undefined);
      await writeFile(join(dir, `page-${i}.txt`), await s.page.evaluate(() => document.body.innerText).catch(String));
    }
    await writeFile(join(dir, `console-${i}.txt`), [...s.console, ...s.pageErrors.map((e) => `[pageerror] ${e}`)].join("\n"));
    await writeFile(join(dir, `requests-${i}.txt`), s.requests.join("\n"));
  }
  console.error(`[e2e] artifacts of the failed test: ${dir}`);
}
