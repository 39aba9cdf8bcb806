import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The engine runs the same in vitest, the CLI and the browser, and gives the same result for the same
 * input, only while it touches nothing outside: no framework, platform or storage, and no clock, timer
 * or randomness it is not handed (a run's sleep, clock and seeded random source come in through its
 * ports, so a test can drive them).
 */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/from\s+["'](react|react-dom|idb|openai|zustand)["']/, "a UI, storage or transport library"],
  [/from\s+["']node:/, "a Node built-in"],
  [/\bdocument\./, "the DOM"],
  [/\bwindow\./, "the DOM"],
  [/\bfetch\(/, "the network"],
  [/\bindexedDB\b/, "storage"],
  [/\blocalStorage\b/, "storage"],
  [/\bconsole\./, "the console"],
  [/\bprocess\.env\b/, "the environment"],
  [/\bDate\b/, "the clock (take a `now` from the caller)"],
  [/\bperformance\.now\b/, "the clock (take a `now` from the caller)"],
  [/\b(setTimeout|setInterval|setImmediate|queueMicrotask)\b/, "a timer (take a `sleep` from the caller)"],
  [/\bMath\.random\b/, "randomness (take a seeded random source)"],
  [/\bcrypto\.(getRandomValues|randomUUID)\b/, "randomness (take a seeded random source)"],
];

/** Comments may name what the code must not use; only code counts. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** What a source text reaches outside the engine, one line per finding. */
function outsideReaches(source: string): string[] {
  const code = withoutComments(source);
  return FORBIDDEN.filter(([pattern]) => pattern.test(code)).map(([pattern, what]) => `${what}: ${pattern}`);
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("src/engine purity", () => {
  it.each(files("src/engine"))("%s reaches nothing outside the engine", (file) => {
    expect(outsideReaches(readFileSync(file, "utf8")), file).toEqual([]);
  });

  it("the check catches a clock, a timer and randomness planted in engine code, and not their mention in a comment", () => {
    expect(outsideReaches("export const stamp = () => Date.now();")).toEqual(["the clock (take a `now` from the caller): /\\bDate\\b/"]);
    expect(outsideReaches("const at = new Date().toISOString();")).toHaveLength(1);
    expect(outsideReaches("await new Promise((r) => setTimeout(r, 10));")).toEqual([
      "a timer (take a `sleep` from the caller): /\\b(setTimeout|setInterval|setImmediate|queueMicrotask)\\b/",
    ]);
    expect(outsideReaches("const pick = items[Math.floor(Math.random() * items.length)];")).toHaveLength(1);
    expect(outsideReaches("const t0 = performance.now();")).toHaveLength(1);
    expect(outsideReaches("// never Date.now() here: the caller hands us `now`\n/* nor Math.random */ const x = 1;")).toEqual([]);
    expect(outsideReaches('const url = "https://example.com"; const d = Date.now();')).toHaveLength(1);
  });
});
