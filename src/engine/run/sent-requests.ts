import type { Embedder, Judge } from "../ports";

/**
 * Counts the requests a Cancel cut off. A reply carries its call records, and a metric's result
 * lists them; a request aborted in flight returns no record, yet the server received it and a
 * provider bills it. Wrap the ports handed to a run (inside its limiter, so a request that was
 * still queued, never sent, is not counted) and read `aborted` when the run stops.
 */
export interface CountedPorts {
  /** Absent for a run of judge-free metrics (bleu, rouge_l, ...): it sends nothing. */
  judge: Judge | undefined;
  embedder: Embedder | undefined;
  /** Requests that were sent and then ended by their signal, by kind. */
  aborted(): { chat: number; embedding: number };
}

export function countAborted(judge: Judge | undefined, embedder: Embedder | undefined): CountedPorts {
  const aborted = { chat: 0, embedding: 0 };
  const track = async <T>(kind: "chat" | "embedding", signal: AbortSignal | undefined, send: () => Promise<T>): Promise<T> => {
    // Already aborted: the transport refuses it before sending anything.
    const sent = !signal?.aborted;
    try {
      return await send();
    } catch (error) {
      if (sent && signal?.aborted) aborted[kind]++;
      throw error;
    }
  };
  return {
    judge: judge ? { complete: (request) => track("chat", request.signal, () => judge.complete(request)) } : undefined,
    embedder: embedder ? { embed: (request) => track("embedding", request.signal, () => embedder.embed(request)) } : undefined,
    aborted: () => ({ ...aborted }),
  };
}
