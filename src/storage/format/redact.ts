/**
 * Keeps secrets out of reports. The report schema has no key field, but config objects get
 * spread around (a transport config carries apiKey), base URLs can carry credentials
 * (https://user:key@host, ?api-key=...), and an error message may echo a header; so the
 * builder strips key-like fields and URL credentials and scrubs known secret values everywhere.
 */

import { isKeyLikeName } from "../../engine/text/url-secrets";

export { sanitizeUrl } from "../../engine/text/url-secrets";

/** Drops every property whose name looks like a credential, at any depth. */
export function stripKeyLike<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripKeyLike) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!isKeyLikeName(k)) out[k] = stripKeyLike(v);
    return out as T;
  }
  return value;
}

/** Replaces every occurrence of each secret (4+ characters) in every string, at any depth. */
export function scrubSecrets<T>(value: T, secrets: readonly string[]): T {
  // Longest first: a secret that contains another (a key and its decoded spelling) goes whole.
  const list = secrets.filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
  if (list.length === 0) return value;
  const scrub = (v: unknown): unknown => {
    if (typeof v === "string") return list.reduce((text, s) => text.split(s).join("[redacted]"), v);
    if (Array.isArray(v)) return v.map(scrub);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [scrub(k) as string, scrub(x)]));
    return v;
  };
  return scrub(value) as T;
}
