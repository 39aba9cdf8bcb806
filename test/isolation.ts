import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * Which Node test files need a fresh module world of their own, and which may share one worker's
 * modules with the files before them (vitest's `isolate: false`: each file's imports are not
 * evaluated again, which took about a third of the unit run's CPU).
 *
 * A file needs its own world when it changes what the files after it would see: a DOM environment,
 * fake-indexeddb (a global database that app modules hold open), globals it replaces or stubs, spies
 * and fake timers, or
 * the app's state held at module level (a zustand store, or a top-level `let` in src/app: the open
 * app database, a run in progress, a cached loader), reached through any chain of relative imports.
 * (The engine's and the transport's top-level caches are memos of pure functions, safe to share.) The markers are read from the
 * files themselves, so a new test is placed by what it does, never by a list someone must remember to edit.
 */
const MARKERS = [
  /@vitest-environment/,
  /fake-indexeddb/,
  /vi\.stubGlobal/,
  /globalThis\.\w+\s*=[^=]/,
  /vi\.mock\(/,
  /vi\.resetModules/,
  // A spy replaces a shared module's export or a global method, and fake timers replace the clock, for
  // every file after this one in the same worker when a failure skips the restore.
  /vi\.spyOn\(/,
  /vi\.useFakeTimers/,
];
const STORE = /from\s+["']zustand["']/;
const TOP_LEVEL_LET = /^let /m;
const APP_SOURCE = `${join("src", "app")}/`;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveRelative(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  return EXTENSIONS.map((e) => base + e).find((p) => existsSync(p) && statSync(p).isFile());
}

/** Whether `file` or anything it imports (relative imports, followed to the end) holds module-level state. */
function reachesState(file: string, known: Map<string, boolean>, path = new Set<string>()): boolean {
  const cached = known.get(file);
  if (cached !== undefined) return cached;
  if (path.has(file)) return false;
  path.add(file);
  const source = readFileSync(file, "utf8");
  let stateful = STORE.test(source) || (file.includes(APP_SOURCE) && TOP_LEVEL_LET.test(source));
  for (const match of source.matchAll(IMPORT)) {
    if (stateful) break;
    const next = resolveRelative(file, match[1] ?? match[2]!);
    if (next && reachesState(next, known, path)) stateful = true;
  }
  path.delete(file);
  known.set(file, stateful);
  return stateful;
}

export function testFilesNeedingIsolation(root: string): string[] {
  const found: string[] = [];
  const known = new Map<string, boolean>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "e2e" && entry.name !== "fixtures") walk(path);
      } else if (/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(path, "utf8");
        if (MARKERS.some((m) => m.test(text)) || reachesState(path, known)) found.push(relative(root, path).replaceAll("\\", "/"));
      }
    }
  };
  walk(join(root, "test"));
  return found.sort();
}
