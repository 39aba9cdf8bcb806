import { runStatsJob } from "./stats-jobs";
import type { StatsReply, StatsRequest } from "./stats-protocol";

/** Bootstrap intervals and paired tests off the main thread: 10,000 resamples of a large run never freeze the explorer. */
// (Typed by hand: the project compiles with the DOM lib, whose `self` is a Window.)
const scope = self as unknown as { postMessage(message: StatsReply): void; onmessage: ((event: MessageEvent<StatsRequest>) => void) | null };
scope.onmessage = (event) => {
  const { id, job } = event.data;
  try {
    scope.postMessage({ id, ok: true, ...runStatsJob(job) });
  } catch (error) {
    scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
