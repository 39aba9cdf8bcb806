/**
 * Setup file of the "unit" project (vite.config.ts): its files share their workers and their
 * modules, and this file, run before each of them, gives each the world a worker of its own would:
 * the app's module-level state evaluated anew, an empty IndexedDB (or none), and no spy, stub or
 * fake clock left by the file before.
 *
 * Only the app's stateful modules (src/app, src/demo) and whatever imports them are evaluated again,
 * and only those a file before loaded: a file that never touched the app costs nothing here. The
 * engine, src/storage (schemas and repositories) and libraries stay loaded, which is where the saving
 * is (a third less CPU than a worker per file: 138 against 206 CPU-s for 96 files). vitest builds a new
 * DOM environment per file itself.
 */
import * as fakeIndexedDB from "fake-indexeddb";
import { afterAll, expect, vi } from "vitest";
import { type ModuleGraph, STATEFUL, staleModules } from "./fresh-world-graph";
import { importsFakeIndexedDB } from "./isolation";

/** Marks the app's stateful modules, and every module that imports them, for evaluation anew. */
function resetStatefulModules(): void {
  const graph = (globalThis as { __vitest_worker__?: { evaluatedModules?: ModuleGraph } }).__vitest_worker__?.evaluatedModules;
  if (!graph?.idToModuleMap || typeof graph.getModuleById !== "function") {
    // Not the graph this was written against (a vitest upgrade): reset everything, slower but as sound.
    vi.resetModules();
    return;
  }
  // What vi.resetModules does to every module, done to these alone.
  for (const node of staleModules(graph, STATEFUL)) {
    node.promise = undefined;
    node.exports = undefined;
    node.evaluated = false;
    node.importers.clear();
  }
}

/** The IDB* classes fake-indexeddb/auto puts on the global object (IDBFactory, IDBKeyRange, ...). */
const IDB_CLASSES = Object.fromEntries(Object.entries(fakeIndexedDB).filter(([name]) => name.startsWith("IDB")));

/**
 * fake-indexeddb/auto installs its globals once per worker (the package is loaded once), so the
 * file that imports it gets a new, empty factory here, and a file that does not gets none, as in a
 * worker of its own (test/app/shell/boot-without-storage.test.ts checks a boot with no IndexedDB).
 */
function installIndexedDB(wanted: boolean): void {
  const globals: Record<string, unknown> = { ...IDB_CLASSES, indexedDB: new fakeIndexedDB.IDBFactory() };
  for (const [name, value] of Object.entries(globals)) {
    if (wanted) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true, enumerable: false });
    else delete (globalThis as Record<string, unknown>)[name];
  }
}

resetStatefulModules();
const testPath = expect.getState().testPath;
installIndexedDB(testPath !== undefined && importsFakeIndexedDB(testPath));

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
