import { readFileSync } from "node:fs";

/** The generator named in reports: which build wrote a file matters when its format changes. */
export const GENERATOR_NAME = "ragas-playground-cli";

export function cliVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : "0.0.0";
  } catch {
    return "0.0.0";
  }
}
