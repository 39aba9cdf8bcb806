import type { Embedder, Judge } from "../ports";
import { type CallRecord, isMetricError } from "../result";

/**
 * The judge and embedder, telling `spend` about the requests of each call as it completes (a
 * failed call's too: a MetricError carries the calls it made), so the journal can bill every
 * request of a run even when the process dies before the sample it served is finished.
 */
export function meteredPorts(
  ports: { judge: Judge; embedder?: Embedder },
  spend: (calls: readonly CallRecord[]) => void,
): { judge: Judge; embedder?: Embedder } {
  const metered = async <T>(work: Promise<T>, callsOf: (value: T) => readonly CallRecord[]): Promise<T> => {
    try {
      const value = await work;
      spend(callsOf(value));
      return value;
    } catch (error) {
      if (isMetricError(error)) spend(error.calls ?? []);
      throw error;
    }
  };
  const { judge, embedder } = ports;
  return {
    judge: { complete: (request) => metered(judge.complete(request), (reply) => reply.calls) },
    ...(embedder ? { embedder: { embed: (request) => metered(embedder.embed(request), (reply) => [reply.call]) } } : {}),
  };
}
