import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** The engine runs the same in vitest, the CLI and the browser only while it touches nothing outside. */
const FORBIDDEN = [
  /from\s+["'](react|react-dom|idb|openai|zustand)["']/,
  /from\s+["']node:/,
  /\bdocument\./,
  /\bwindow\./,
  /\bfetch\(/,
  /\bindexedDB\b/,
  /\blocalStorage\b/,
  /\bconsole\./,
  /\bprocess\.env\b/,
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("src/engine purity", () => {
  it.each(files("src/engine"))("%s reaches nothing outside the engine", (file) => {
    const text = readFileSync(file, "utf8");
    for (const pattern of FORBIDDEN) expect(text, `${file} matches ${pattern}`).not.toMatch(pattern);
  });
});
