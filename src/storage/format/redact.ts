/**
 * Keeps secrets out of reports. The report schema has no key field, but config objects get
 * spread around (a transport config carries apiKey), base URLs can carry credentials
 * (https://user:key@host, ?api-key=...), and an error message may echo a header; so the
 * builder strips key-like fields and URL credentials and scrubs known secret values everywhere.
 */

const KEY_LIKE_NAME = /(api[-_]?key|secret|passw(or)?d|token|authori[sz]ation|bearer|credential|cookie)/i;
const KEY_LIKE_PARAM = /^(key|code|sig|signature|api[-_]?key|access[-_]?token|token|auth)$/i;

function isKeyLikeName(name: string): boolean {
  return KEY_LIKE_NAME.test(name);
}

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

/** Removes user:password and key-like query parameters from a URL; other text passes unchanged. */
export function sanitizeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw;
  }
  url.username = "";
  url.password = "";
  for (const name of [...url.searchParams.keys()]) if (KEY_LIKE_PARAM.test(name) || isKeyLikeName(name)) url.searchParams.delete(name);
  const text = url.toString();
  // URL adds a "/" to a bare origin; keep the user's spelling when nothing else changed.
  return raw.endsWith("/") || !text.endsWith("/") ? text : text.slice(0, -1);
}

/** Replaces every occurrence of each secret (4+ characters) in every string, at any depth. */
export function scrubSecrets<T>(value: T, secrets: readonly string[]): T {
  const list = secrets.filter((s) => s.length >= 4);
  if (list.length === 0) return value;
  const scrub = (v: unknown): unknown => {
    if (typeof v === "string") return list.reduce((text, s) => text.split(s).join("[redacted]"), v);
    if (Array.isArray(v)) return v.map(scrub);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [scrub(k) as string, scrub(x)]));
    return v;
  };
  return scrub(value) as T;
}
