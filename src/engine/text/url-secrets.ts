/**
 * Base URLs can carry credentials (https://user:key@host, ?api-key=..., ?key=...). Every URL shown
 * in a message, stored in a report or named in a journal goes through sanitizeUrl, and the values
 * it removes join the secret list scrubbed from everything written (urlSecrets). Pure string work
 * on the standard URL class, so the llm, storage and CLI layers share one rule.
 */

const KEY_LIKE_NAME = /(api[-_]?key|secret|passw(or)?d|token|authori[sz]ation|bearer|credential|cookie)/i;
const KEY_LIKE_PARAM = /^(key|code|sig|signature|api[-_]?key|access[-_]?token|token|auth)$/i;

/** A property or header name that holds a credential. */
export function isKeyLikeName(name: string): boolean {
  return KEY_LIKE_NAME.test(name);
}

function isSecretParam(name: string): boolean {
  return KEY_LIKE_PARAM.test(name) || isKeyLikeName(name);
}

function parse(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

/** Removes user:password and key-like query parameters from a URL; other text passes unchanged. */
export function sanitizeUrl(raw: string): string {
  const url = parse(raw);
  if (!url) return raw;
  url.username = "";
  url.password = "";
  for (const name of [...url.searchParams.keys()]) if (isSecretParam(name)) url.searchParams.delete(name);
  const text = url.toString();
  // URL adds a "/" to a bare origin; keep the user's spelling when nothing else changed.
  return raw.endsWith("/") || !text.endsWith("/") ? text : text.slice(0, -1);
}

/**
 * The credentials sanitizeUrl removes, as they may appear in other text: each as typed
 * (percent-encoded) and decoded. Values under 4 characters are left out (scrubbing "1" would
 * mangle every number).
 */
export function urlSecrets(raw: string): string[] {
  const url = parse(raw);
  if (!url) return [];
  const found: string[] = [url.username, url.password];
  const query = raw.includes("?") ? raw.slice(raw.indexOf("?") + 1).split("#")[0]! : "";
  for (const pair of query.split("&")) {
    const [name = "", value = ""] = pair.split("=", 2);
    if (!isSecretParam(safeDecode(name))) continue;
    found.push(value, safeDecode(value.replace(/\+/g, " ")));
  }
  const decoded = found.flatMap((s) => [s, safeDecode(s)]);
  return [...new Set(decoded)].filter((s) => s.length >= 4);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
