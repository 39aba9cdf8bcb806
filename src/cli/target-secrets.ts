import { readFileSync } from "node:fs";
import { headerVariables, targetSecrets } from "../engine/target/target-headers";
import type { CliIO } from "./io";

/**
 * The secrets a --target file brings into play, read before anything else runs so that stderr is
 * scrubbed of them from the first line (run.ts): best effort, since a file that does not read here
 * is refused with its own message later.
 */
export function targetSecretsInArgs(argv: readonly string[], env: CliIO["env"]): string[] {
  const at = argv.findIndex((a) => a === "--target" || a.startsWith("--target="));
  if (at === -1) return [];
  const path = argv[at]!.startsWith("--target=") ? argv[at]!.slice("--target=".length) : argv[at + 1];
  if (!path) return [];
  try {
    const json = JSON.parse(readFileSync(path, "utf8")) as { url?: unknown; headers?: unknown };
    const headers = isStringRecord(json.headers) ? json.headers : {};
    const url = typeof json.url === "string" ? json.url : "";
    const wanted = Object.fromEntries(headerVariables({ headers }).map((name) => [name, env[name]]));
    return targetSecrets({ headers, url }, wanted);
  } catch {
    return [];
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === "string");
}
