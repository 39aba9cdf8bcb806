import type { Embedder, Judge } from "../ports";
import type { Limiter } from "./limiter";

/**
 * A run's ports behind its one limiter: every metric (and the agreement baselines) shares it, so
 * the concurrency bounds every request of the run and a 429 on any of them slows all of them.
 */
interface LimitedRequest {
  signal?: AbortSignal;
  priority?: number;
  onRateLimited?: (retryAfterMs: number | undefined) => void;
}

/** Sends a request through the run's limiter; a 429 on it shrinks the limiter. */
function throughLimiter<R extends LimitedRequest, T>(limiter: Limiter, request: R, send: (request: R) => Promise<T>): Promise<T> {
  const onRateLimited = (ms: number | undefined) => {
    limiter.shrink();
    request.onRateLimited?.(ms);
  };
  return limiter.run(() => send({ ...request, onRateLimited }), request.signal, request.priority);
}

export function limitJudge(judge: Judge, limiter: Limiter): Judge {
  return { complete: (request) => throughLimiter(limiter, request, (r) => judge.complete(r)) };
}

export function limitEmbedder(embedder: Embedder, limiter: Limiter): Embedder {
  return { embed: (request) => throughLimiter(limiter, request, (r) => embedder.embed(r)) };
}
