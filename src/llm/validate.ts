import type { JudgeOutputSpec } from "../engine/ports";
import { extractJson, fitToSchema, rootKind } from "./extract";

/** On failure, `json` is the complete JSON the reply held (absent when there was none), for salvage. */
export type Validation<O> = { ok: true; value: O } | { ok: false; problem: string; json?: unknown };

const MAX_ISSUES = 5;

function pathText(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : out ? `.${String(key)}` : String(key);
  return out || "the top level";
}

/** Human list of what the schema rejected, e.g. `at statements[0].verdict: expected number`. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const shown = issues.slice(0, MAX_ISSUES).map((issue) => `at ${pathText(issue.path)}: ${issue.message}`);
  const more = issues.length > MAX_ISSUES ? ` (and ${issues.length - MAX_ISSUES} more)` : "";
  return `${shown.join("; ")}${more}`;
}

/** Reply text -> validated value: tolerant extraction, schema-guided reshaping, then zod. */
export function validateReply<O>(content: string, output: JudgeOutputSpec<O>): Validation<O> {
  const extracted = extractJson(content, rootKind(output.jsonSchema));
  if (!extracted.ok) return { ok: false, problem: extracted.reason };
  const json = fitToSchema(extracted.value, output.jsonSchema);
  const result = output.schema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problem: `the JSON does not match the expected shape: ${describeIssues(result.error.issues)}`, json };
}
