/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { cspPlugin } from "./src/app/build/csp-plugin.ts";
import { ownWorkerFiles } from "./test/isolation.ts";
import { WorkerReuseSequencer } from "./test/worker-reuse.ts";

const ownWorker = ownWorkerFiles(import.meta.dirname);

export default defineConfig({
  plugins: [react(), cspPlugin()],
  // Module workers (the CSP allows same-origin ones): the dataset import worker loads the parquet
  // reader with a dynamic import, which the default "iife" worker format cannot split.
  worker: { format: "es" },
  build: {
    target: "es2022",
    sourcemap: false,
    // The prompt studio's Monaco chunk is large by nature and loaded lazily; the main bundle
    // has its own budget checked by scripts/measure-bundle.ts.
    chunkSizeWarningLimit: 4096,
  },
  test: {
    // Three workers on a 2-core machine: the browser files wait on mock latency and page loads and
    // the Node files on spawned CLI processes, so two workers left about a fifth of both cores idle
    // (one paired measurement on an idle 2-core machine, 2,044 tests: 297 s with 2 workers, 286 s with 3;
    // later idle runs with 3 took 296-309 s, so the gain is within run-to-run noise; vitest's default of
    // one worker took 330 s for the unit files alone). Each worker still runs one file at a time.
    maxWorkers: 3,
    // Files that can share a worker come one after another, or vitest starts a new worker for each (test/worker-reuse.ts).
    sequence: { sequencer: WorkerReuseSequencer },
    // Node tests that talk to a mock server over real HTTP take a second or two; on a machine
    // loaded by other work vitest's 5 s default failed them for no fault of theirs, and the heaviest take
    // 16-22 s when the machine runs slow with a neighbour (20 s was too close). A hang still fails.
    testTimeout: 60_000,
    // The same for beforeAll/afterAll (vitest's default is 10 s): a hook that starts a mock and scores
    // a few samples timed out with a busy neighbour. A hook that hangs still fails.
    hookTimeout: 60_000,
    // expect.poll gives up after 1 s by default: a page on a machine shared with other jobs can take
    // longer to show what it will show. A poll still ends the moment its expectation holds.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        // The Node files share their workers' modules (isolate: false), and test/fresh-world.ts gives each
        // a fresh app state, IndexedDB, clock and spies before it runs: evaluating the app's stateful modules
        // again costs nothing for a file that never loaded them (paired, against a separate "fresh" project
        // in threads: 185, 200 and 210 CPU-s against 222, 196 and 244). test/isolation.ts picks the files
        // that need a worker of their own (unit-isolated).
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["test/**/*.test.{ts,tsx}"],
          exclude: ["test/e2e/**", "node_modules/**", ...ownWorker],
          setupFiles: ["test/fresh-world.ts"],
          globalSetup: ["test/temp-root.ts", "test/cli/global-setup.ts"],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "unit-isolated",
          // A fresh worker per file: a thread starts cheaper than a process (46 s -> 42 s for these files).
          pool: "threads",
          environment: "node",
          include: ownWorker,
          globalSetup: ["test/temp-root.ts", "test/cli/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          environment: "node",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/temp-root.ts", "test/e2e/global-setup.ts"],
          // A limit catches a hang, never a slow machine: with other work on the machine a 34-s browser
          // test took 64 s and failed at the 60 s this was. Each wait inside a test has its own limit.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // One file per worker at a time, each worker keeping its modules and its Chromium (test/e2e/context.ts)
          // from one file to the next; every test still gets a fresh browser context.
          isolate: false,
        },
      },
      {
        // Timing claims (500-sample browser runs against the limiter's bound, HTTP/1.1 vs HTTP/2):
        // measured by `npm run measure:runs`, never part of `npm test`, where a busy machine would
        // make a wall-time bound fail for no fault of the code.
        extends: true,
        test: {
          name: "measure",
          environment: "node",
          include: ["test/**/*.measure.ts"],
          globalSetup: ["test/temp-root.ts", "test/e2e/global-setup.ts"],
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
