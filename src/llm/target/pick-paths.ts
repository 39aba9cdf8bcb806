import { query } from "jsonpath-rfc9535";
import type { JsonValue } from "../../engine/target/target-schema";

/**
 * The reply's answer, contexts and ids, picked with the target's JSONPath expressions. RFC 9535
 * JSONPath (jsonpath-rfc9535): filters are part of its grammar and are interpreted, never run as
 * script, so a path from a shared target file cannot execute code (jsonpath-plus evaluates
 * filter scripts unless told not to). Each failure is a sentence naming the path.
 */

export type PathField = "answer" | "contexts" | "contextIds";

export class PathError extends Error {
  override name = "PathError";
}

/** A syntax error in a path, as a sentence naming it; undefined when the path parses. */
export function pathProblem(path: string): string | undefined {
  try {
    query({}, path);
    return undefined;
  } catch (error) {
    return `${path} is not a JSONPath (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** Every value `path` selects in `value` ([] when it matches nothing). */
export function pick(value: JsonValue, path: string): JsonValue[] {
  try {
    return query(value, path);
  } catch (error) {
    throw new PathError(pathProblem(path) ?? (error instanceof Error ? error.message : String(error)));
  }
}

/** A scalar as text; an object or array is not text and says so. */
function asText(field: PathField, path: string, value: JsonValue): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const what = value === null ? "null" : Array.isArray(value) ? "a list" : "an object";
  throw new PathError(`${field} path ${path} picked ${what}, not text: point it at the text field`);
}

/** The answer: the text of every match, joined by newlines (one match is the usual case). */
export function pickAnswer(reply: JsonValue, path: string): string {
  const found = pick(reply, path);
  if (found.length === 0) throw new PathError(`answer path ${path} matched nothing in the reply`);
  return found.map((v) => asText("answer", path, v)).join("\n");
}

/** Contexts or ids: each match is one item, and a match that is a list gives each of its items. */
export function pickList(reply: JsonValue, path: string, field: Exclude<PathField, "answer">): string[] {
  const found = pick(reply, path);
  if (found.length === 0) throw new PathError(`${field} path ${path} matched nothing in the reply`);
  return found.flatMap((v) => (Array.isArray(v) ? v.map((item) => asText(field, path, item)) : [asText(field, path, v)]));
}
