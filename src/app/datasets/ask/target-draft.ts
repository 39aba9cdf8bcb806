import { isKeyLikeName } from "../../../engine/text/url-secrets";
import type { SavedTarget, TargetHeader } from "../../../storage/db/targets";

/**
 * The target form as the user fills it (the saved shape, secrets included while in memory), and
 * its translation into a contract-13 target file plus the environment its `${NAME}` headers read.
 * A header marked secret goes into the file as `${TARGET_HEADER_n}` and its value into the
 * environment only, so the target core keeps it out of everything it shows or writes, exactly as
 * the CLI does with process.env.
 */

export type TargetDraft = SavedTarget;

/** A LangServe /invoke serving LangChain's create_retrieval_chain (input.input in; output.answer and output.context out). */
export const DEFAULT_DRAFT: TargetDraft = {
  url: "http://localhost:8000/invoke",
  method: "POST",
  headers: [],
  body: '{\n  "input": { "input": "{{question}}" }\n}',
  answer: "$.output.answer",
  contexts: "$.output.context[*].page_content",
  contextIds: "$.output.context[*].metadata.id",
  toolCalls: "",
  stream: "none",
  rememberSecrets: false,
};

/** A new header row: secret by default when its name says it holds a credential. */
export function newHeader(name: string, value = ""): TargetHeader {
  return { name, value, secret: isKeyLikeName(name) };
}

/** The environment variable a secret header's value travels in. */
const variableOf = (index: number) => `TARGET_HEADER_${index + 1}`;

export type TargetFileDraft = { ok: true; file: Record<string, unknown>; env: Record<string, string> } | { ok: false; field: "body"; message: string };

/** The target file the form describes, and the values of its secret headers (never in the file). */
export function draftToFile(draft: TargetDraft, options: { timeoutMs: number; retries: number }): TargetFileDraft {
  let body: unknown;
  if (draft.method !== "GET") {
    try {
      body = JSON.parse(draft.body);
    } catch (error) {
      return { ok: false, field: "body", message: error instanceof Error ? error.message : String(error) };
    }
  }
  const env: Record<string, string> = {};
  const headers: Record<string, string> = {};
  draft.headers.forEach((header, index) => {
    const name = header.name.trim();
    if (name === "") return;
    if (header.secret) {
      env[variableOf(index)] = header.value;
      headers[name] = `\${${variableOf(index)}}`;
    } else headers[name] = header.value;
  });
  const path = (text: string) => (text.trim() === "" ? undefined : text.trim());
  const file: Record<string, unknown> = {
    url: draft.url.trim(),
    method: draft.method,
    headers,
    ...(body === undefined ? {} : { body }),
    answer: draft.answer.trim(),
    ...(path(draft.contexts) ? { contexts: path(draft.contexts) } : {}),
    ...(path(draft.contextIds) ? { contextIds: path(draft.contextIds) } : {}),
    ...(path(draft.toolCalls) ? { toolCalls: path(draft.toolCalls) } : {}),
    ...(draft.stream === "none" ? {} : { stream: draft.stream }),
    timeoutMs: options.timeoutMs,
    retries: options.retries,
  };
  return { ok: true, file, env };
}

/** The secret values typed in the form, by header name (what the opt-in remembers). */
export function secretValues(draft: TargetDraft): Record<string, string> {
  return Object.fromEntries(draft.headers.filter((h) => h.secret && h.name.trim() !== "" && h.value !== "").map((h) => [h.name.trim(), h.value]));
}

/** The saved form with the remembered secret values put back by header name. */
export function withSecrets(draft: TargetDraft, values: Readonly<Record<string, string>>): TargetDraft {
  return { ...draft, headers: draft.headers.map((h) => (h.secret && values[h.name.trim()] !== undefined ? { ...h, value: values[h.name.trim()]! } : h)) };
}
