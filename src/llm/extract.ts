/**
 * Tolerant JSON extraction for replies that did not come through structured output: models wrap
 * JSON in ```json fences, put prose or <think> blocks around it, or leave trailing commas. We find
 * the first balanced JSON value with a scanner that respects strings and escapes (a regex cannot),
 * and never guess beyond that: anything else goes to the repair call.
 */

export type Extraction = { ok: true; value: unknown } | { ok: false; reason: string };

/** The reason extractJson gives for JSON that opens and never closes: a reply cut off mid-way. */
export const CUT_OFF_REASON = "the reply ends before its JSON is complete";

const MAX_CANDIDATES = 64;

/** Index just past the value that opens at `start`; -1 if the text ends first, -2 if it nests badly. */
export function balancedEnd(text: string, start: number): number {
  const closers: string[] = [];
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === "{") closers.push("}");
    else if (ch === "[") closers.push("]");
    else if (ch === "}" || ch === "]") {
      if (closers.pop() !== ch) return -2;
      if (closers.length === 0) return i + 1;
    }
  }
  return -1;
}

/** Drops commas that directly precede } or ] (outside strings), a common model slip. */
export function dropTrailingCommas(json: string): string {
  let out = "";
  let inString = false;
  let escaped = false;
  for (let i = 0; i < json.length; i++) {
    const ch = json[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === ",") {
      let j = i + 1;
      while (j < json.length && /\s/.test(json[j]!)) j++;
      if (json[j] === "}" || json[j] === "]") continue;
    }
    out += ch;
  }
  return out;
}

/**
 * Escapes raw control characters (tab, form feed, ...) inside strings. JSON forbids them, but
 * xgrammar up to 0.1.27 (vLLM's and SGLang's default decoder) lets a model write them inside a
 * string with minLength, whose grammar is "any character but quote, backslash, CR, LF": a reply
 * the server's own grammar allowed must still be read.
 */
export function escapeControlChars(json: string): string {
  let out = "";
  let inString = false;
  let escaped = false;
  for (const ch of json) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
      else if (ch < " ") {
        out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
        continue;
      }
    } else if (ch === '"') inString = true;
    out += ch;
  }
  return out;
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (first) {
    for (const mend of [dropTrailingCommas, escapeControlChars, (t: string) => dropTrailingCommas(escapeControlChars(t))]) {
      try {
        return { ok: true, value: JSON.parse(mend(text)) };
      } catch {
        // try the next mend
      }
    }
    return { ok: false, error: first instanceof Error ? first.message : String(first) };
  }
}

/** `{"` or `[{`-like openings, as opposed to a stray brace in prose ("use { to open"). */
function looksLikeJson(text: string, start: number): boolean {
  const next = text.slice(start + 1).trimStart()[0];
  if (next === undefined) return true;
  return text[start] === "{" ? next === '"' || next === "}" : /[{["\d\-tfn\]]/.test(next);
}

function fencedBlocks(text: string): string[] {
  const blocks: string[] = [];
  for (const match of text.matchAll(/```[a-zA-Z0-9_-]*[^\S\n]*\n?([\s\S]*?)```/g)) blocks.push(match[1] ?? "");
  return blocks;
}

const isContainer = (value: unknown) => typeof value === "object" && value !== null;

/**
 * The JSON value in a model reply. With `prefer`, an object (or array) found later wins over an
 * earlier value of the other kind, so "see [1]" in prose does not shadow the real object.
 */
export function extractJson(reply: string, prefer?: "object" | "array"): Extraction {
  const text = reply.replace(/<think>[\s\S]*?<\/think>/g, "").trim();
  if (!text) return { ok: false, reason: "the reply is empty" };
  const whole = tryParse(text);
  if (whole.ok && isContainer(whole.value)) return whole;
  // Some servers double-encode: a JSON string holding the JSON.
  if (whole.ok && typeof whole.value === "string") return extractJson(whole.value, prefer);

  const found: unknown[] = [];
  let unclosed = false;
  let lastError = "";
  for (const region of [...fencedBlocks(text), text]) {
    let tried = 0;
    for (let i = 0; i < region.length && tried < MAX_CANDIDATES; i++) {
      const ch = region[i];
      if (ch !== "{" && ch !== "[") continue;
      tried += 1;
      const end = balancedEnd(region, i);
      if (end === -1 && looksLikeJson(region, i)) {
        // Truncated JSON: every later brace is inside it, and a nested fragment is not the answer.
        unclosed = true;
        break;
      }
      if (end < 0) continue;
      const parsed = tryParse(region.slice(i, end));
      if (!parsed.ok) {
        lastError = parsed.error;
        continue;
      }
      found.push(parsed.value);
      i = end - 1;
    }
    if (found.length > 0) break;
  }
  const wanted = prefer && found.find((value) => (prefer === "array") === Array.isArray(value));
  if (wanted !== undefined) return { ok: true, value: wanted };
  if (found.length > 0) return { ok: true, value: found[0] };
  if (lastError) return { ok: false, reason: `the JSON in the reply is not valid (${lastError})` };
  if (unclosed) return { ok: false, reason: CUT_OFF_REASON };
  return { ok: false, reason: "the reply contains no JSON object" };
}

/**
 * Reshapes near-misses the schema makes unambiguous: a bare array where the schema wants an
 * object whose only field is an array (the model skipped the wrapper).
 */
export function fitToSchema(value: unknown, jsonSchema: Record<string, unknown>): unknown {
  if (!Array.isArray(value) || jsonSchema.type !== "object") return value;
  const properties = jsonSchema.properties;
  if (typeof properties !== "object" || properties === null) return value;
  const entries = Object.entries(properties as Record<string, { type?: unknown }>);
  if (entries.length !== 1) return value;
  const [key, property] = entries[0]!;
  const type = property?.type;
  const isArray = type === "array" || (Array.isArray(type) && type.includes("array"));
  return isArray ? { [key]: value } : value;
}

/** What the schema's root is, to steer extractJson. */
export function rootKind(jsonSchema: Record<string, unknown>): "object" | "array" | undefined {
  const type = jsonSchema.type;
  return type === "object" || type === "array" ? type : undefined;
}
