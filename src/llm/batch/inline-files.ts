import { sha256Hex } from "../../engine/text/sha256";
import { BatchApiError } from "./batch-api";

/**
 * For batch APIs without a file upload (Anthropic, OpenRouter): "uploading" keeps the JSONL text
 * in memory under its hash. Nothing reaches the provider until create, and the round's lines are
 * deterministic, so a process that dies in between sent nothing and keeps the same text next time.
 */
export function inlineFiles(maxBytes: number) {
  const kept = new Map<string, string>();
  return {
    upload: async (text: string) => {
      const bytes = new TextEncoder().encode(text).length;
      // Past the provider's size the round driver halves the file (it reads 413 as "too large").
      if (bytes > maxBytes) throw new BatchApiError(`the batch is too large (${bytes} bytes, at most ${maxBytes})`, 413, "request_too_large");
      const id = `inline-${sha256Hex(text).slice(0, 32)}`;
      kept.set(id, text);
      return { id };
    },
    text: (id: string) => kept.get(id),
    /** The kept lines, or a refusal in words when this process never kept them. */
    lines: (id: string): string[] => {
      const text = kept.get(id);
      if (text === undefined) throw new BatchApiError(`creating the batch: ${id} is not a batch kept by this process`, 0, undefined);
      return text.split("\n").filter((l) => l.trim());
    },
  };
}
