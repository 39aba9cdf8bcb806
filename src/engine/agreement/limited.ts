import type { Embedder, Judge } from "../ports";
import type { Limiter } from "../run/limiter";

/**
 * The agreement run's ports behind its one limiter: the ragas metrics and the baseline judges
 * share it, so --concurrency bounds every request of the run and a 429 slows all of them.
 * Same rule as evaluate()'s wrapping (src/engine/run/evaluate.ts), which keeps its copy private.
 */
interface LimitedRequest {
  signal?: AbortSignal;
  priority?: number;
  onRateLimited?: (retryAfterMs: number | undefined) => void;
}

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
