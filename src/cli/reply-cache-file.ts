import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { type CachedReply, cachedReplySchema, type ResponseCache } from "../engine/ports";
import { RunError } from "./errors";
import { groupDatasync } from "./group-datasync";

/**
 * The engine's ResponseCache port on disk, for the CLI: the same keys and the same replies the
 * browser keeps in IndexedDB (validated judge replies and embedding vectors), as append-only JSONL,
 * one `{ key, reply }` per line. Each reply is written (synchronously) the moment it is stored, and
 * the judge hands it on once an fdatasync shared with the replies that landed beside it has
 * returned, so a process killed at any point has lost at most the replies still on the wire. Every line is parsed with zod on read; the cache is disposable,
 * so an unreadable line is skipped (and counted), never trusted.
 */

/** The file in a --cache DIR. */
export const CACHE_FILE = "replies.jsonl";

/** The run's own cache beside its report (and its journal), when no --cache DIR is given. */
export function cachePathFor(out: string): string {
  return `${out}.cache`;
}

const lineSchema = z.object({ key: z.string().regex(/^[0-9a-f]{64}$/), reply: cachedReplySchema });

export interface FileResponseCache extends ResponseCache {
  readonly path: string;
  /** Replies found on disk when opened. */
  readonly found: number;
  /** Lines skipped as unreadable when opened (a torn last line is cut off, not counted). */
  readonly skipped: number;
  close(): void;
  /** Deletes the file (the run it served has finished). */
  remove(): void;
}

/** Opens (creating it and its folder) the cache at `path`; `fresh` empties it first. */
export function openFileResponseCache(path: string, options: { fresh?: boolean } = {}): FileResponseCache {
  const replies = new Map<string, CachedReply>();
  let skipped = 0;
  let fd: number;
  try {
    mkdirSync(dirname(path), { recursive: true });
    fd = openSync(path, options.fresh ? "w+" : "a+");
    const text = options.fresh ? "" : readFileSync(fd, "utf8");
    const whole = text.lastIndexOf("\n") + 1;
    for (const line of text.slice(0, whole).split("\n").slice(0, -1)) {
      const parsed = lineSchema.safeParse(safeJson(line));
      if (parsed.success) replies.set(parsed.data.key, parsed.data.reply);
      else skipped++;
    }
    // A reply torn by a kill mid-write: cut it off so the next one starts on a line of its own.
    if (whole < text.length) ftruncateSync(fd, Buffer.byteLength(text.slice(0, whole), "utf8"));
  } catch (error) {
    throw new RunError(`response cache ${path}: cannot open (${(error as Error).message})`);
  }
  const found = replies.size;
  let open = true;
  const syncToDisk = groupDatasync(fd);
  return {
    path,
    found,
    skipped,
    async get(key) {
      const reply = replies.get(key);
      return reply && { ...reply };
    },
    async set(key, value) {
      const reply = cachedReplySchema.parse(value);
      replies.set(key, reply);
      if (!open) return;
      writeSync(fd, `${JSON.stringify({ key, reply })}\n`);
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

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
