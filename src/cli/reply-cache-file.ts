import { createHash } from "node:crypto";
import { closeSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { type CachedReply, cachedReplySchema, type ResponseCache } from "../engine/ports";
import { RunError } from "./errors";
import { groupDatasync } from "./group-datasync";
import { scrubbedJsonLine } from "./secrets";

/**
 * The engine's ResponseCache port on disk, for the CLI: the same keys and the same replies the
 * browser keeps in IndexedDB (validated judge replies and embedding vectors), as append-only JSONL,
 * one `{ key, reply, sha256 }` per line. Each reply is written (synchronously) the moment it is
 * stored, and the judge hands it on once an fdatasync shared with the replies that landed beside it
 * has returned, so a process killed at any point has lost at most the replies still on the wire.
 *
 * Nothing read back is trusted as written: every line is parsed with zod, and its checksum must
 * match its key and reply (a flipped bit in a verdict still parses, and would change a score with
 * no warning). The cache is disposable: a line that fails is dropped with a warning naming it, its
 * request is sent again, and the file is rewritten without it. Secrets (the API key an endpoint
 * may echo in a reply) are replaced before a line is written.
 */

/** The file in a --cache DIR. */
export const CACHE_FILE = "replies.jsonl";

/** The run's own cache beside its report (and its journal), when no --cache DIR is given. */
export function cachePathFor(out: string): string {
  return `${out}.cache`;
}

const keySchema = z.string().regex(/^[0-9a-f]{64}$/);
const lineSchema = z.object({ key: keySchema, reply: cachedReplySchema, sha256: z.string().regex(/^[0-9a-f]{64}$/) });
/** A line written before lines carried a checksum: well-formed, but nothing vouches for it. */
const uncheckedSchema = z.object({ key: keySchema, reply: cachedReplySchema });

/**
 * SHA-256 of the key and every field of the reply, in a fixed order (a field added to CachedReply
 * belongs here too). Node's native hash over a plain array, not canonical JSON: every open checks
 * every line, and a --cache DIR can hold tens of thousands.
 */
function checksumOf(key: string, reply: CachedReply): string {
  const fields: readonly unknown[] = [key, reply.content, reply.promptTokens, reply.completionTokens, reply.mode];
  return createHash("sha256").update(JSON.stringify(fields)).digest("hex");
}

export interface FileResponseCache extends ResponseCache {
  readonly path: string;
  /** Replies found on disk (and trusted) when opened. */
  readonly found: number;
  /** What reading the file found wrong, one line each (a torn last line is cut off, not counted). */
  readonly warnings: readonly string[];
  close(): void;
  /** Deletes the file (the run it served has finished). */
  remove(): void;
}

export interface CacheFileOptions {
  /** Empty the file first (a fresh run). */
  fresh?: boolean;
  /** Replaced by "[redacted]" in every line written. */
  secrets?: readonly string[];
}

/** Opens (creating it and its folder) the cache at `path`. */
export function openFileResponseCache(path: string, options: CacheFileOptions = {}): FileResponseCache {
  const secrets = options.secrets ?? [];
  let read: ReadCache = { replies: new Map(), warnings: [], keptText: "", rewrite: false, tornAt: undefined };
  let fd: number;
  try {
    mkdirSync(dirname(path), { recursive: true });
    fd = openSync(path, options.fresh ? "w+" : "a+");
    if (!options.fresh) read = readCache(readFileSync(fd, "utf8"), path);
    if (read.rewrite) {
      closeSync(fd);
      replaceFile(path, read.keptText);
      fd = openSync(path, "a+");
    } else if (read.tornAt !== undefined) {
      // A reply torn by a kill mid-write: cut it off so the next one starts on a line of its own.
      ftruncateSync(fd, read.tornAt);
    }
  } catch (error) {
    throw new RunError(`response cache ${path}: cannot open (${(error as Error).message})`);
  }
  const { replies, warnings } = read;
  const found = replies.size;
  let open = true;
  const syncToDisk = groupDatasync(fd);
  return {
    path,
    found,
    warnings,
    async get(key) {
      const reply = replies.get(key);
      return reply && { ...reply };
    },
    async set(key, value) {
      const reply = cachedReplySchema.parse(value);
      replies.set(key, reply);
      if (!open) return;
      // The checksum covers the line as written (scrubbed), so reading it back verifies.
      const written = cachedReplySchema.parse(JSON.parse(scrubbedJsonLine(reply, secrets)));
      writeSync(fd, `${JSON.stringify({ key, reply: written, sha256: checksumOf(key, written) })}\n`);
      await syncToDisk().catch((error: unknown) => {
        // A sync still running when the run closes the file fails with it: nothing is lost by that.
        if (open) throw error;
      });
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
    remove() {
      this.close();
      rmSync(path, { force: true });
    },
  };
}

interface ReadCache {
  replies: Map<string, CachedReply>;
  warnings: string[];
  /** The good lines alone. */
  keptText: string;
  /** Some whole line was dropped: the file is replaced by the good lines. */
  rewrite: boolean;
  /** Byte length of the whole lines, when a torn last line follows them. */
  tornAt: number | undefined;
}

function readCache(text: string, path: string): ReadCache {
  const whole = text.lastIndexOf("\n") + 1;
  const replies = new Map<string, CachedReply>();
  const warnings: string[] = [];
  const kept: string[] = [];
  let unchecked = 0;
  for (const [i, line] of text.slice(0, whole).split("\n").slice(0, -1).entries()) {
    const json = safeJson(line);
    const parsed = lineSchema.safeParse(json);
    if (parsed.success && parsed.data.sha256 === checksumOf(parsed.data.key, parsed.data.reply)) {
      replies.set(parsed.data.key, parsed.data.reply);
      kept.push(line);
    } else if (!parsed.success && uncheckedSchema.safeParse(json).success) {
      unchecked++;
    } else {
      warnings.push(
        `${path}:${i + 1}: ${parsed.success ? "the reply does not match its checksum (changed after it was written)" : problemOf(json, parsed.error)}: dropped, its request is sent again`,
      );
    }
  }
  if (unchecked > 0) {
    const one = unchecked === 1;
    warnings.push(
      `${path}: ${unchecked} line${one ? "" : "s"} written before replies carried a checksum ${one ? "is" : "are"} not trusted: dropped, ${one ? "its request is" : "their requests are"} sent again`,
    );
  }
  return {
    replies,
    warnings,
    keptText: kept.map((l) => `${l}\n`).join(""),
    rewrite: warnings.length > 0,
    tornAt: whole < text.length ? Buffer.byteLength(text.slice(0, whole), "utf8") : undefined,
  };
}

function problemOf(json: unknown, error: z.ZodError): string {
  if (json === undefined) return "not JSON";
  const issue = error.issues[0];
  return issue ? `${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}` : "not a cached reply";
}

/** Write-then-rename: the file on disk is always the old one or the whole new one. */
function replaceFile(path: string, text: string): void {
  const temp = `${path}.rewrite`;
  const fd = openSync(temp, "w");
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
