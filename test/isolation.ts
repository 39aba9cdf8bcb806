import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * Which Node test files need a fresh module world of their own, and which may share one worker's
 * modules with the files before them (vitest's `isolate: false`: each file's imports are not
 * evaluated again, which took about a third of the unit run's CPU).
 *
 * A file needs its own world when it changes what the files after it would see: a DOM environment,
 * fake-indexeddb (a global database that app modules hold open), globals it replaces or stubs, or
 * the app's modules, whose stores are module-level singletons. The markers are read from the file
 * itself, so a new test is placed by what it does, never by a list someone must remember to edit.
 */
const MARKERS = [/@vitest-environment/, /fake-indexeddb/, /vi\.stubGlobal/, /globalThis\.\w+\s*=[^=]/, /vi\.mock\(/, /vi\.resetModules/];

export function testFilesNeedingIsolation(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "e2e" && entry.name !== "fixtures") walk(path);
      } else if (/\.test\.tsx?$/.test(entry.name)) {
        const rel = relative(root, path).replaceAll("\\", "/");
        if (rel.startsWith("test/app/") || MARKERS.some((m) => m.test(readFileSync(path, "utf8")))) found.push(rel);
      }
    }
  };
  walk(join(root, "test"));
  return found.sort();
}
