import { constants, deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { fromBase64Url, toBase64Url } from "../../../src/storage/format/base64url";
import { decodeShareLink, encodeShareLink, linkBodyOf, linkNeedsPassword } from "../../../src/storage/format/share-link";

const text = JSON.stringify({ hello: "世界 <script>alert(1)</script>", list: Array.from({ length: 200 }, (_, i) => `item ${i}`) });

/**
 * A deflate-raw stream of `mib` MiB of "a", built from one compressed MiB repeated: each copy is a
 * complete, byte-aligned block run that refers to nothing before it, and an empty final block ends
 * the stream. Deflating the whole text (through encodeShareLink's stream or zlib) took seconds of CPU.
 */
function deflateBomb(mib: number): Buffer {
  const oneMiB = deflateRawSync(Buffer.alloc(1024 * 1024, "a"), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: mib }, () => oneMiB), Buffer.from([0x03, 0x00])]);
}

describe("base64url", () => {
  it("round-trips every byte value, with no padding or URL-unsafe characters", () => {
    const bytes = new Uint8Array(256 * 3).map((_, i) => i % 256);
    const encoded = toBase64Url(bytes);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(encoded)).toEqual(bytes);
    expect(fromBase64Url("ab+/")).toBeUndefined();
    expect(fromBase64Url("abcde")).toBeUndefined();
  });
});

describe("share link codec", () => {
  it("plain: compresses, round-trips, and is shorter than the text", async () => {
    const body = await encodeShareLink(text);
    expect(body).toMatch(/^r1\.[A-Za-z0-9_-]+$/);
    expect(body.length).toBeLessThan(text.length);
    expect(linkNeedsPassword(body)).toBe(false);
    expect(await decodeShareLink(body)).toEqual({ ok: true, text });
  });

  it("encrypted: round-trips with the password; salt and IV are fresh each time", async () => {
    const a = await encodeShareLink(text, "correct horse");
    const b = await encodeShareLink(text, "correct horse");
    expect(a).toMatch(/^r1e\.[\w-]{22}\.[\w-]{16}\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(linkNeedsPassword(a)).toBe(true);
    expect(await decodeShareLink(a, "correct horse")).toEqual({ ok: true, text });
    expect(a).not.toContain("hello");
  });

  it("asks for a password, and names a wrong one", async () => {
    const body = await encodeShareLink(text, "pw-1");
    expect(await decodeShareLink(body)).toEqual({ ok: false, problem: "needs_password" });
    expect(await decodeShareLink(body, "pw-2")).toEqual({ ok: false, problem: "wrong_password" });
  });

  it("refuses a tampered or truncated payload without throwing", async () => {
    const plain = await encodeShareLink(text);
    const flipped = `${plain.slice(0, 10)}${plain[10] === "A" ? "B" : "A"}${plain.slice(11)}`;
    const r1 = await decodeShareLink(flipped);
    // A flipped bit in raw deflate either breaks the stream or changes the text: never the same text.
    expect(r1.ok && r1.text === text).toBe(false);
    expect(await decodeShareLink(plain.slice(0, plain.length - 20))).toEqual({ ok: false, problem: "damaged" });
    const sealed = await encodeShareLink(text, "pw");
    const parts = sealed.split(".");
    const ct = fromBase64Url(parts[3]!)!;
    ct[5]! ^= 1;
    expect(await decodeShareLink([parts[0], parts[1], parts[2], toBase64Url(ct)].join("."), "pw")).toEqual({ ok: false, problem: "wrong_password" });
    expect(await decodeShareLink(sealed.split(".").slice(0, 3).join("."), "pw")).toEqual({ ok: false, problem: "damaged" });
    expect(await decodeShareLink("r1.@@@")).toEqual({ ok: false, problem: "damaged" });
  });

  it("names links it cannot read: another format, a newer version", async () => {
    expect(await decodeShareLink("hello")).toEqual({ ok: false, problem: "not_a_link" });
    expect(await decodeShareLink("r2.abc")).toEqual({ ok: false, problem: "unknown_version" });
  });

  it("refuses a small link that unpacks to more than the limit (a deflate bomb)", async () => {
    const bomb = `r1.${deflateBomb(65).toString("base64url")}`;
    expect(bomb.length).toBeLessThan(200_000);
    expect(await decodeShareLink(bomb)).toEqual({ ok: false, problem: "too_large" });
  });

  it("finds the body in a location hash", () => {
    expect(linkBodyOf("#report=r1.abc")).toBe("r1.abc");
    expect(linkBodyOf("#results")).toBeUndefined();
  });
});
