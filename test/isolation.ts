import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * Which module world each Node test file runs in (vite.config.ts has one project per world):
 *
 * - "shared": the file leaves nothing behind, so it shares its worker's modules with the files
 *   before it (vitest's `isolate: false`: its imports are not evaluated again).
 * - "fresh": the file changes what the files after it would see, in ways test/fresh-world.ts undoes
 *   between files in the same worker: a DOM environment (vitest builds a new one per file),
 *   fake-indexeddb (each file gets an empty one), stubbed globals, spies, fake timers, or the app's
 *   state held at module level (a zustand store, a top-level `let` in src/app: the open app
 *   database, a run in progress, a cached loader) reached through any chain of relative imports.
 *   (The engine's and the transport's top-level caches are memos of pure functions, safe to share.)
 * - "own": what no reset between files can undo, so the file gets a fresh worker: `vi.mock` (the
 *   mock registry outlives a module reset), `vi.resetModules` (it would throw away the reset's
 *   bookkeeping) and a global assigned by hand (nothing records the old value).
 *
 * The markers are read from the files themselves, so a new test is placed by what it does, never by
 * a list someone must remember to edit. A fresh world costs a third less CPU than a worker of its own
 * (the 96 such files, paired runs on the 2-core machine: 109 against 154 CPU-s, 138 against 206).
 */
const OWN_MARKERS = [/vi\.mock\(/, /vi\.resetModules/, /globalThis\.\w+\s*=[^=]/];
const FRESH_MARKERS = [
  /@vitest-environment/,
  /fake-indexeddb/,
  /vi\.stubGlobal/,
  /vi\.stubEnv/,
  // A spy replaces a shared module's export or a global method, and fake timers replace the clock.
  /vi\.spyOn\(/,
  /vi\.useFakeTimers/,
];
const STORE = /from\s+["']zustand["']/;
const TOP_LEVEL_LET = /^let /m;
const FAKE_INDEXED_DB = /from\s+["']fake-indexeddb|import\s+["']fake-indexeddb/;
const APP_SOURCE = `${join("src", "app")}/`;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveRelative(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  return EXTENSIONS.map((e) => base + e).find((p) => existsSync(p) && statSync(p).isFile());
}

/** Whether `file` or anything it imports (relative imports, followed to the end) satisfies `holds`. */
function reaches(
  file: string,
  holds: (source: string, file: string) => boolean,
  known: Map<string, boolean>,
  follows: (file: string) => boolean = () => true,
  path = new Set<string>(),
): boolean {
  const cached = known.get(file);
  if (cached !== undefined) return cached;
  if (path.has(file)) return false;
  path.add(file);
  const source = readFileSync(file, "utf8");
  let found = holds(source, file);
  for (const match of source.matchAll(IMPORT)) {
    if (found) break;
    const next = resolveRelative(file, match[1] ?? match[2]!);
    if (next && follows(next) && reaches(next, holds, known, follows, path)) found = true;
  }
  path.delete(file);
  known.set(file, found);
  return found;
}

const holdsAppState = (source: string, file: string) => STORE.test(source) || (file.includes(APP_SOURCE) && TOP_LEVEL_LET.test(source));

/** Whether the test file loads fake-indexeddb, itself or through a test helper it imports (src never does). */
export function importsFakeIndexedDB(file: string): boolean {
  const testDir = `${sep}test${sep}`;
  return reaches(
    file,
    (source) => FAKE_INDEXED_DB.test(source),
    new Map(),
    (next) => next.includes(testDir),
  );
}

export interface TestWorlds {
  /** Files that run in a fresh module world in a shared worker (test/fresh-world.ts). */
  fresh: string[];
  /** Files that get a worker of their own. */
  own: string[];
}

/** The Node test files (outside test/e2e and fixtures) that do not run in the shared world, relative to `root`. */
export function testFileWorlds(root: string): TestWorlds {
  const worlds: TestWorlds = { fresh: [], own: [] };
  const known = new Map<string, boolean>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "e2e" && entry.name !== "fixtures") walk(path);
      } else if (/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(path, "utf8");
        const name = relative(root, path).replaceAll("\\", "/");
        if (OWN_MARKERS.some((m) => m.test(text))) worlds.own.push(name);
        else if (FRESH_MARKERS.some((m) => m.test(text)) || reaches(path, holdsAppState, known)) worlds.fresh.push(name);
      }
    }
  };
  walk(join(root, "test"));
  worlds.fresh.sort();
  worlds.own.sort();
  return worlds;
}
