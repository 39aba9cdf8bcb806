import type { CachedReply, ChatMessage, ResponseCache } from "../engine/ports";
import type { OutputMode } from "../engine/result";
import { canonicalJson, sha256Hex } from "../engine/text/sha256";

/** The cache port and its entry are the engine's (storage implements them too); re-exported for the llm layer's users. */
export type { CachedReply, ResponseCache };

export interface ChatCacheKeyParts {
  baseURL: string;
  model: string;
  messages: readonly ChatMessage[];
  schema: Record<string, unknown>;
  temperature: number;
  mode: OutputMode;
  /** JudgeRequest.cacheScope: replies kept apart per scope (absent leaves the key as it always was). */
  scope?: string | undefined;
}

/**
 * Everything that can change the reply goes into the key; the API key does not (the same request
 * to the same server answers the same, and the key must never be persisted, even hashed).
 */
export function chatCacheKey(parts: ChatCacheKeyParts): string {
  const { baseURL, model, messages, schema, temperature, mode, scope } = parts;
  return sha256Hex(canonicalJson({ baseURL, model, messages, schema, temperature, mode, ...(scope !== undefined ? { scope } : {}) }));
}

/** Bounded in-memory cache; oldest entries go first once `maxEntries` is reached. */
export class MemoryResponseCache implements ResponseCache {
  private readonly entries = new Map<string, CachedReply>();
  constructor(private readonly maxEntries = 5_000) {}

  async get(key: string): Promise<CachedReply | undefined> {
    return this.entries.get(key);
  }

  async set(key: string, value: CachedReply): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, { ...value });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
