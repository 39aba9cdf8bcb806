import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importsFakeIndexedDB, ownWorkerFiles } from "./isolation";

/** A throwaway tree shaped like the repository (src/, test/) in which each test file does one thing. */
const root = mkdtempSync(join(tmpdir(), "isolation-"));
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
afterAll(() => rmSync(root, { recursive: true, force: true }));

put("src/engine/pure.ts", "export const add = (a: number, b: number) => a + b;\n");
put("src/app/store.ts", 'import { create } from "zustand";\nexport const useStore = create(() => ({}));\n');
put("src/app/cache.ts", "let loaded: unknown;\nexport const get = () => loaded;\n");
put("src/app/via.ts", 'export { useStore } from "./store";\n');
put("test/pure.test.ts", 'import { add } from "../src/engine/pure";\nit("adds", () => expect(add(1, 2)).toBe(3));\n');
put("test/spy.test.ts", 'import * as pure from "../src/engine/pure";\nvi.spyOn(pure, "add");\n');
put("test/spy-global.test.ts", 'vi.spyOn(console, "warn").mockImplementation(() => {});\n');
put("test/clock.test.ts", "vi.useFakeTimers();\nvi.useRealTimers();\n");
put("test/dom.test.ts", "// @vitest-environment happy-dom\n");
put("test/idb.test.ts", 'import "fake-indexeddb/auto";\n');
put("test/stub.test.ts", 'vi.stubGlobal("fetch", () => {});\n');
put("test/mock.test.ts", 'vi.mock("../src/engine/pure");\n');
put("test/global.test.ts", "globalThis.fetch = undefined as never;\n");
put("test/compare.test.ts", "expect(globalThis.fetch === undefined).toBe(false);\n");
put("test/store.test.ts", 'import { useStore } from "../src/app/via";\n');
put("test/let.test.ts", 'import { get } from "../src/app/cache";\n');
put("test/e2e/page.test.ts", "vi.useFakeTimers();\n");
put("test/db-helpers.ts", 'import "fake-indexeddb/auto";\nexport const open = () => indexedDB;\n');
put("test/via-helper.test.ts", 'import { open } from "./db-helpers";\n');
put("test/env.test.ts", 'vi.stubEnv("HOME", "/nowhere");\n');

describe("ownWorkerFiles", () => {
  it("gives a worker of its own to what no reset undoes: module mocks and assigned globals", () => {
    expect(ownWorkerFiles(root)).toEqual(["test/global.test.ts", "test/mock.test.ts"]);
  });

  it("leaves in the shared workers what test/fresh-world.ts undoes (spies, fake timers, DOM, fake-indexeddb, stubs, app state), pure files and e2e files", () => {
    const own = new Set(ownWorkerFiles(root));
    for (const file of [
      "test/pure.test.ts",
      "test/compare.test.ts",
      "test/e2e/page.test.ts",
      "test/spy.test.ts",
      "test/clock.test.ts",
      "test/dom.test.ts",
      "test/idb.test.ts",
      "test/stub.test.ts",
      "test/env.test.ts",
      "test/store.test.ts",
      "test/let.test.ts",
    ])
      expect(own.has(file), file).toBe(false);
  });
});

describe("importsFakeIndexedDB", () => {
  it("follows a test's helpers to the fake, and says no for a file that loads none", () => {
    expect(importsFakeIndexedDB(join(root, "test/idb.test.ts"))).toBe(true);
    expect(importsFakeIndexedDB(join(root, "test/via-helper.test.ts"))).toBe(true);
    expect(importsFakeIndexedDB(join(root, "test/store.test.ts"))).toBe(false);
  });
});
