import { estimateRun } from "./estimate";
import type { EstimateReply, EstimateRequest } from "./estimate-protocol";

/** Counts a run's tokens off the main thread, so a large dataset never freezes typing in the form. */
// (Typed by hand: the project compiles with the DOM lib, whose `self` is a Window.)
const scope = self as unknown as { postMessage(message: EstimateReply): void; onmessage: ((event: MessageEvent<EstimateRequest>) => void) | null };
scope.onmessage = (event) => {
  const { id, samples, metrics, opts } = event.data;
  estimateRun(samples, metrics, opts).then(
    (estimate) => scope.postMessage({ id, ok: true, estimate }),
    (error: unknown) => scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
};
