import { z } from "zod";
import { type CachedReply, cachedReplySchema, type ResponseCache } from "../../engine/ports";
import type { AppDb } from "./db";
import { checkedDoc, docType, readDoc, type IssueSink, writeDoc } from "./doc";
import { isStorageFullError, withQuota } from "./quota";
import { inTx } from "./tx";

/**
 * The llm layer's ResponseCache port over IndexedDB: scoring an unchanged sample with unchanged
 * prompts and model costs nothing the second time, across reloads. Bounded by an entry count;
 * the least recently used rows go first (the `lastUsed` index). The cache is disposable, so a
 * bad row is deleted (and reported) and a full disk only skips caching: it never fails a call.
 */

const rowSchema = z.object({ key: z.string(), reply: cachedReplySchema, createdAt: z.number(), lastUsed: z.number() });
const CACHE_DOC = docType("cached reply", 1, rowSchema);

const DEFAULT_CACHE_ENTRIES = 5_000;

export interface IdbResponseCacheOptions {
  /** Most replies kept (default 5,000: a few MB of JSON). */
  maxEntries?: number;
  /** Told about unreadable rows and about replies that could not be stored. */
  onIssue?: IssueSink;
}

export class IdbResponseCache implements ResponseCache {
  private readonly maxEntries: number;
  private readonly onIssue: IssueSink | undefined;
  private lastTick = 0;

  constructor(
    private readonly db: AppDb,
    options: IdbResponseCacheOptions = {},
  ) {
    this.maxEntries = Math.max(1, Math.floor(options.maxEntries ?? DEFAULT_CACHE_ENTRIES));
    this.onIssue = options.onIssue;
  }

  async get(key: string): Promise<CachedReply | undefined> {
    const raw = await this.db.get("responseCache", key);
    if (raw === undefined) return undefined;
    const read = readDoc(CACHE_DOC, raw);
    if (!read.ok || read.value.key !== key) {
      this.onIssue?.({ store: "responseCache", key, message: `${read.ok ? "the cached reply is filed under the wrong key" : read.message}; it was deleted` });
      await this.db.delete("responseCache", key).catch(() => undefined);
      return undefined;
    }
    // Touch for LRU; best effort, a failed touch must not turn a hit into an error.
    await this.db.put("responseCache", writeDoc(CACHE_DOC, { ...read.value, lastUsed: this.tick() })).catch(() => undefined);
    return { ...read.value.reply };
  }

  async set(key: string, value: CachedReply): Promise<void> {
    const reply = cachedReplySchema.parse(value);
    const now = this.tick();
    try {
      const tx = this.db.transaction("responseCache", "readwrite");
      await withQuota(() =>
        inTx(tx, async () => {
          await tx.store.put(checkedDoc(CACHE_DOC, { key, reply, createdAt: now, lastUsed: now }));
          let excess = (await tx.store.count()) - this.maxEntries;
          for (let cursor = await tx.store.index("lastUsed").openCursor(); cursor && excess > 0; cursor = await cursor.continue()) {
            await cursor.delete();
            excess--;
          }
        }),
      );
    } catch (error) {
      if (!isStorageFullError(error)) throw error;
      this.onIssue?.({
        store: "responseCache",
        key,
        message: "the reply was not cached because the browser's storage is full; clear the cache or delete old history",
      });
    }
  }

  /**
   * Strictly increasing time: two touches in the same millisecond must still be ordered, or
   * eviction would pick between them at random.
   */
  private tick(): number {
    this.lastTick = Math.max(Date.now(), this.lastTick + 1);
    return this.lastTick;
  }
}

export async function clearResponseCache(db: AppDb): Promise<void> {
  await db.clear("responseCache");
}

export async function responseCacheSize(db: AppDb): Promise<number> {
  return db.count("responseCache");
}
