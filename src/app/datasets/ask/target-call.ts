import type { TargetOutcome } from "../../../engine/target/outcome";
import { type TargetClient, createTargetClient } from "../../../llm/target/ask-target";
import { parseTarget } from "../../../llm/target/parse-target";
import { draftToFile, type TargetDraft } from "./target-draft";

/**
 * The form, turned into the target core's client (llm/target): the file the form describes is
 * parsed by the same code as the CLI's target.json, and the secret headers travel as the env its
 * `${NAME}` values read, so the core scrubs them from every message and from what "Test with one
 * row" shows. The browser's fetch is handed in; `fetchFn` lets tests hand in another.
 */
export type BuiltTarget =
  | { ok: true; client: TargetClient; url: string; method: string; headerNames: string[] }
  | { ok: false; problem: string; field?: "body" };

export function buildTarget(
  draft: TargetDraft,
  options: { timeoutMs: number; retries: number },
  fetchFn: typeof fetch = globalThis.fetch.bind(globalThis),
): BuiltTarget {
  const drafted = draftToFile(draft, options);
  if (!drafted.ok) return { ok: false, problem: drafted.message, field: drafted.field };
  const parsed = parseTarget(drafted.file);
  if ("problem" in parsed) return { ok: false, problem: parsed.problem };
  try {
    const client = createTargetClient(parsed.target, { fetch: fetchFn, env: drafted.env });
    return { ok: true, client, url: parsed.target.url, method: parsed.target.method, headerNames: Object.keys(parsed.target.headers) };
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
}

/** The call got no HTTP answer at all (in a browser: down, blocked by CORS, or mixed content). */
export function noHttpAnswer(outcome: TargetOutcome): boolean {
  return "error" in outcome && outcome.status === undefined && /no HTTP answer/.test(outcome.error.message);
}
