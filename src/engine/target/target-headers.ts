import { isKeyLikeName, urlSecrets } from "../text/url-secrets";
import type { Target } from "./target-schema";

/**
 * Header values written `${NAME}` (whole or inside, as "Bearer ${RAG_TOKEN}") are read from an
 * environment map handed in: the CLI passes process.env, the app the secrets the user typed. The
 * resolved values are secrets: they go into the request and nowhere else (targetSecrets lists them
 * for every scrubber), so the target file can be committed and shared.
 */

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const HAS_VARIABLE = /\$\{[A-Za-z_][A-Za-z0-9_]*\}/;

/** Names of the variables a target's headers read, in order of first use. */
export function headerVariables(target: Pick<Target, "headers">): string[] {
  const names = Object.values(target.headers).flatMap((v) => [...v.matchAll(VARIABLE)].map((m) => m[1]!));
  return [...new Set(names)];
}

/** A header refers to a variable the environment does not hold. */
export class MissingVariableError extends Error {
  override name = "MissingVariableError";
  constructor(
    readonly variable: string,
    readonly header: string,
  ) {
    super(`header ${header} reads \${${variable}}, which is not set`);
  }
}

export function resolveHeaders(target: Pick<Target, "headers">, env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(target.headers).map(([name, value]) => [
      name,
      value.replace(VARIABLE, (_, variable: string) => {
        const found = env[variable];
        if (found === undefined) throw new MissingVariableError(variable, name);
        return found;
      }),
    ]),
  );
}

/**
 * Every value to keep out of what is written: each variable's value, each literal value of a
 * header whose name says it holds a credential (Authorization, X-Api-Key, Cookie, ...), and the
 * credentials in the URL. Values shorter than 4 characters are left out: replacing "1" everywhere
 * would garble a report, and no real credential is that short.
 */
export function targetSecrets(target: Pick<Target, "headers" | "url">, env: Readonly<Record<string, string | undefined>>): string[] {
  const fromVariables = headerVariables(target).map((name) => env[name] ?? "");
  const literal = Object.entries(target.headers)
    .filter(([name, value]) => isKeyLikeName(name) && !HAS_VARIABLE.test(value))
    .flatMap(([, value]) => [value, ...value.split(/\s+/)]);
  const all = [...fromVariables, ...literal, ...urlSecrets(target.url)].filter((s) => s.length >= 4 && !/^(bearer|basic|token)$/i.test(s));
  return [...new Set(all)].sort((a, b) => b.length - a.length);
}

/** `text` with every secret (and its JSON-escaped spelling) replaced by "[redacted]". */
export function scrubTargetText(text: string, secrets: readonly string[]): string {
  const spellings = secrets.flatMap((s) => [s, JSON.stringify(s).slice(1, -1), encodeURIComponent(s)]);
  const longestFirst = [...new Set(spellings)].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
  return longestFirst.reduce((out, s) => out.split(s).join("[redacted]"), text);
}

/** Headers as they may be shown (the "Test with one row" view): every secret value redacted. */
export function shownHeaders(headers: Readonly<Record<string, string>>, secrets: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, isKeyLikeName(k) ? "[redacted]" : scrubTargetText(v, secrets)]));
}
