import type { LlmError } from "./errors";

/**
 * JSON Schema keywords a server may refuse in response_format (older OpenAI-compatible servers and
 * gateways reject minItems, maximum, pattern, ...). A refused keyword is dropped for that server,
 * remembered for the session per base URL, and still checked locally by the reply validator.
 */
const DROPPABLE_KEYWORDS = ["minItems", "maxItems", "minimum", "maximum", "pattern", "minLength", "maxLength"] as const;
export type DroppableKeyword = (typeof DROPPABLE_KEYWORDS)[number];

const refused = new Map<string, Set<DroppableKeyword>>();

export function refusedKeywords(baseURL: string): ReadonlySet<DroppableKeyword> {
  return refused.get(baseURL) ?? new Set();
}

export function rememberRefused(baseURL: string, keyword: DroppableKeyword): void {
  const set = refused.get(baseURL) ?? new Set<DroppableKeyword>();
  set.add(keyword);
  refused.set(baseURL, set);
}

/** Forgets what every server refused (tests; a new session starts empty anyway). */
export function resetSchemaSupport(): void {
  refused.clear();
}

/** The schema without the given keywords, at every depth. */
export function withoutKeywords<T>(schema: T, drop: ReadonlySet<string>): T {
  if (drop.size === 0 || typeof schema !== "object" || schema === null) return schema;
  if (Array.isArray(schema)) return schema.map((s) => withoutKeywords(s, drop)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (drop.has(key) && typeof value !== "object") continue;
    out[key] = key === "properties" ? mapValues(value as Record<string, unknown>, drop) : withoutKeywords(value, drop);
  }
  return out as T;
}

function mapValues(properties: Record<string, unknown>, drop: ReadonlySet<string>): Record<string, unknown> {
  // Property names are data, not keywords: a property called "pattern" stays.
  return Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, withoutKeywords(value, drop)]));
}

function keywordsIn(schema: unknown, found = new Set<string>()): Set<string> {
  if (typeof schema !== "object" || schema === null) return found;
  for (const [key, value] of Object.entries(schema)) {
    if (typeof value !== "object") found.add(key);
    keywordsIn(value, found);
  }
  return found;
}

/**
 * The keyword a 400 / 422 complains about, when it is one we sent and can drop. The message must
 * also be about the schema: "maximum context length" is not a complaint about `maximum`.
 */
export function refusedKeyword(error: LlmError, sent: Record<string, unknown>): DroppableKeyword | undefined {
  if (error.kind !== "bad_request" || (error.status !== 400 && error.status !== 422)) return undefined;
  const text = `${error.serverMessage ?? ""} ${error.message}`;
  if (!/schema|response_format|keyword/i.test(text)) return undefined;
  const present = keywordsIn(sent);
  return DROPPABLE_KEYWORDS.find((k) => present.has(k) && new RegExp(`(^|[^A-Za-z])${k}([^A-Za-z]|$)`).test(text));
}
