import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type ModuleGraph, type ModuleNode, STATEFUL, staleModules } from "./fresh-world-graph";

/** A module graph from `[file, importers]` pairs, shaped as vite's module runner keeps it. */
function graphOf(entries: [string, string[]][]): ModuleGraph {
  const idToModuleMap = new Map<string, ModuleNode>();
  for (const [file, importers] of entries) {
    idToModuleMap.set(file, { id: file, file, importers: new Set(importers), evaluated: true, promise: undefined, exports: {} });
  }
  return { idToModuleMap, getModuleById: (id) => idToModuleMap.get(id) };
}

describe("staleModules", () => {
  const graph = graphOf([
    ["/r/src/app/shared/store/index.ts", ["/r/src/app/playground/scoring.ts"]],
    ["/r/src/app/playground/scoring.ts", ["/r/test/app/render-helpers.ts"]],
    ["/r/test/app/render-helpers.ts", []],
    ["/r/src/storage/db/open.ts", []],
    ["/r/src/demo/demo-judge.ts", []],
    ["/r/src/engine/metrics/registry.ts", ["/r/src/app/playground/scoring.ts", "/r/test/engine/helper.ts"]],
    ["/r/test/engine/helper.ts", []],
    ["/r/node_modules/zod/index.js", ["/r/src/engine/metrics/registry.ts"]],
  ]);

  it("takes the app's stateful modules and every module importing them, directly or not", () => {
    const files = [...staleModules(graph, STATEFUL)].map((n) => n.file).sort();
    expect(files).toEqual([
      "/r/src/app/playground/scoring.ts",
      "/r/src/app/shared/store/index.ts",
      "/r/src/demo/demo-judge.ts",
      "/r/test/app/render-helpers.ts",
    ]);
  });

  it("keeps the engine, storage, the libraries and the helpers that only reach them", () => {
    const files = new Set([...staleModules(graph, STATEFUL)].map((n) => n.file));
    for (const kept of ["/r/src/engine/metrics/registry.ts", "/r/src/storage/db/open.ts", "/r/test/engine/helper.ts", "/r/node_modules/zod/index.js"])
      expect(files.has(kept), kept).toBe(false);
  });

  // What makes keeping src/storage sound: it holds nothing between calls (the open database is the
  // app's, src/app/shared/persist/db.ts), so a module left loaded carries nothing from file to file.
  it("src/storage keeps no state at module level: no let or var, no Map or WeakMap", () => {
    const root = fileURLToPath(new URL("../src/storage/", import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(20);
    const state = files.flatMap((file) =>
      readFileSync(join(root, file), "utf8")
        .split("\n")
        .filter((line) => /^(export )?(let|var) |^(export )?const \w+(: [^=]+)? = new (Map|WeakMap)\b/.test(line))
        .map((line) => `${file}: ${line}`),
    );
    expect(state).toEqual([]);
    // The check can fail: it finds what it looks for.
    expect(/^(export )?(let|var) /.test("let cache = 0;")).toBe(true);
  });

  it("ends on an import cycle", () => {
    const cyclic = graphOf([
      ["/r/src/app/a.ts", ["/r/src/app/b.ts"]],
      ["/r/src/app/b.ts", ["/r/src/app/a.ts"]],
    ]);
    expect(staleModules(cyclic, STATEFUL).size).toBe(2);
  });
});
