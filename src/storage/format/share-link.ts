import { fromBase64Url, toBase64Url } from "./base64url";

/**
 * A report in a URL fragment, with no server: the fragment is never sent in a request.
 *   r1.<deflate-raw(text), base64url>                          plain
 *   r1e.<salt>.<iv>.<AES-GCM(deflate-raw(text)), base64url>    with a password
 * The key is PBKDF2-SHA-256 (PBKDF2_ITERATIONS, a 16-byte random salt) -> AES-256-GCM with a
 * 12-byte random IV; the version tag is bound as additional data. All WebCrypto and streams, so the
 * same code runs in the browser, Node and the tests. The version in the tag fixes every parameter:
 * a change (more iterations, another cipher) is a new tag, and old links keep opening.
 */

export const LINK_FRAGMENT_KEY = "report=";
const PBKDF2_ITERATIONS = 600_000; // OWASP's 2023 figure for PBKDF2-HMAC-SHA256
/** A decompressed link bigger than this is refused (a small link must not unpack into gigabytes). */
const MAX_LINK_TEXT_BYTES = 64 * 1024 * 1024;

const PLAIN = "r1";
const ENCRYPTED = "r1e";

export type LinkProblem = "not_a_link" | "unknown_version" | "damaged" | "needs_password" | "wrong_password" | "too_large";
export type DecodeLinkResult = { ok: true; text: string } | { ok: false; problem: LinkProblem };

/** The fragment body ("r1...." without "#report=") for a report's JSON text. */
export async function encodeShareLink(text: string, password?: string): Promise<string> {
  const packed = await deflate(new TextEncoder().encode(text));
  if (!password) return `${PLAIN}.${toBase64Url(packed)}`;
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(password, salt);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: tagBytes(ENCRYPTED) }, key, packed));
  return [ENCRYPTED, toBase64Url(salt), toBase64Url(iv), toBase64Url(sealed)].join(".");
}

/** Whether a fragment body needs a password before it can be opened. */
export function linkNeedsPassword(body: string): boolean {
  return body.startsWith(`${ENCRYPTED}.`);
}

/** Reads a fragment body back into the report's JSON text; every failure is a named problem, never a throw. */
export async function decodeShareLink(body: string, password?: string): Promise<DecodeLinkResult> {
  const parts = body.split(".");
  const tag = parts[0] ?? "";
  if (!/^r\d+e?$/.test(tag)) return { ok: false, problem: "not_a_link" };
  if (tag !== PLAIN && tag !== ENCRYPTED) return { ok: false, problem: "unknown_version" };
  let packed: Uint8Array<ArrayBuffer> | undefined;
  if (tag === PLAIN) {
    if (parts.length !== 2) return { ok: false, problem: "damaged" };
    packed = fromBase64Url(parts[1]!);
  } else {
    if (parts.length !== 4) return { ok: false, problem: "damaged" };
    if (!password) return { ok: false, problem: "needs_password" };
    const [salt, iv, sealed] = parts.slice(1).map(fromBase64Url);
    if (salt?.length !== 16 || !iv || iv.length !== 12 || !sealed || sealed.length < 16) return { ok: false, problem: "damaged" };
    try {
      const key = await deriveKey(password, salt);
      packed = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: tagBytes(ENCRYPTED) }, key, sealed));
    } catch {
      // GCM cannot tell a wrong password from a changed ciphertext; the message says both.
      return { ok: false, problem: "wrong_password" };
    }
  }
  if (!packed) return { ok: false, problem: "damaged" };
  const inflated = await inflate(packed, MAX_LINK_TEXT_BYTES);
  if (inflated === "too_large") return { ok: false, problem: "too_large" };
  if (!inflated) return { ok: false, problem: "damaged" };
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(inflated) };
  } catch {
    return { ok: false, problem: "damaged" };
  }
}

/** The fragment body of a location hash ("#report=r1.…"), or undefined when it holds no report. */
export function linkBodyOf(hash: string): string | undefined {
  const h = hash.startsWith("#") ? hash.slice(1) : hash;
  return h.startsWith(LINK_FRAGMENT_KEY) ? h.slice(LINK_FRAGMENT_KEY.length) : undefined;
}

function tagBytes(tag: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(tag);
}

async function deriveKey(password: string, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveKey"]);
  return crypto.subtle.deriveKey({ name: "PBKDF2", hash: "SHA-256", salt, iterations: PBKDF2_ITERATIONS }, base, { name: "AES-GCM", length: 256 }, false, [
    "encrypt",
    "decrypt",
  ]);
}

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Undefined for a stream that is not deflate-raw; "too_large" past the limit (read chunk by chunk). */
async function inflate(bytes: Uint8Array<ArrayBuffer>, limit: number): Promise<Uint8Array | "too_large" | undefined> {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        return "too_large";
      }
      chunks.push(value);
    }
  } catch {
    return undefined;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
