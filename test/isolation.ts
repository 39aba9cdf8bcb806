import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * Which Node test files need a worker of their own (vite.config.ts, the "unit-isolated" project).
 *
 * The others share their workers' modules (vitest's `isolate: false`), and test/fresh-world.ts
 * undoes before each file what a file before it may have left: the app's module-level state (its
 * zustand stores, a top-level `let` in src/app), fake-indexeddb, stubbed globals and env, spies and
 * fake timers; vitest builds a new DOM environment per file itself. What no reset between files
 * can undo gets a worker of its own: `vi.mock` (the mock registry outlives a module reset),
 * `vi.resetModules` (it would throw away the reset's bookkeeping) and a global assigned by hand
 * (nothing records the old value). The markers are read from the files themselves, so a new test is
 * placed by what it does, never by a list someone must remember to edit.
 */
const OWN_MARKERS = [/vi\.mock\(/, /vi\.resetModules/, /globalThis\.\w+\s*=[^=]/];
const FAKE_INDEXED_DB = /from\s+["']fake-indexeddb|import\s+["']fake-indexeddb/;
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
  holds: (source: string) => boolean,
  known: Map<string, boolean>,
  follows: (file: string) => boolean = () => true,
  path = new Set<string>(),
): boolean {
  const cached = known.get(file);
  if (cached !== undefined) return cached;
  if (path.has(file)) return false;
  path.add(file);
  const source = readFileSync(file, "utf8");
  let found = holds(source);
  for (const match of source.matchAll(IMPORT)) {
    if (found) break;
    const next = resolveRelative(file, match[1] ?? match[2]!);
    if (next && follows(next) && reaches(next, holds, known, follows, path)) found = true;
  }
  path.delete(file);
  known.set(file, found);
  return found;
}

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

/** The Node test files (outside test/e2e and fixtures) that need a worker of their own, relative to `root`. */
export function ownWorkerFiles(root: string): string[] {
  const own: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "e2e" && entry.name !== "fixtures") walk(path);
      } else if (/\.test\.tsx?$/.test(entry.name) && OWN_MARKERS.some((m) => m.test(readFileSync(path, "utf8")))) {
        own.push(relative(root, path).replaceAll("\\", "/"));
      }
    }
  };
  walk(join(root, "test"));
  return own.sort();
}
