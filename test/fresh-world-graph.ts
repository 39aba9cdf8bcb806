/**
 * Which modules test/fresh-world.ts evaluates anew between two files: a pure function over vite's
 * module-runner graph (the shape vitest's worker keeps, vite/module-runner's EvaluatedModules), so
 * test/fresh-world-graph.test.ts can check it on a graph it builds.
 */
export interface ModuleNode {
  id: string;
  file: string;
  importers: Set<string>;
  evaluated: boolean;
  promise: unknown;
  exports: unknown;
}

export interface ModuleGraph {
  idToModuleMap: Map<string, ModuleNode>;
  getModuleById(id: string): ModuleNode | undefined;
}

/**
 * The app's modules that hold state (stores, the open database, runs in progress) or may. Not
 * src/storage: its repositories are handed the database and keep nothing (fresh-world-graph.test.ts
 * checks it), and its zod schemas built once per worker saved about a sixth of the fresh files' CPU.
 */
export const STATEFUL = /\/src\/(app|demo)\//;

/**
 * The modules whose file matches `stateful`, and every module that imports one of them, however
 * indirectly: an importer holds the old module's exports, so it has to be evaluated again too.
 */
export function staleModules(graph: ModuleGraph, stateful: RegExp): Set<ModuleNode> {
  const stale = new Set<ModuleNode>();
  const mark = (node: ModuleNode | undefined) => {
    if (!node || stale.has(node)) return;
    stale.add(node);
    for (const id of node.importers) mark(graph.getModuleById(id));
  };
  for (const node of graph.idToModuleMap.values()) if (stateful.test(node.file ?? node.id)) mark(node);
  return stale;
}
