import type { WorkerLike } from "../../../src/app/datasets/import/client";
import type { FromWorker, ToWorker } from "../../../src/app/datasets/import/protocol";
import { createImportSession } from "../../../src/app/datasets/import/session";

/** A stand-in for the import worker: the real session in this thread, answering later as a worker does. */
export function inThreadImportWorker(): WorkerLike & { terminated: boolean } {
  const fake = {
    terminated: false,
    onmessage: null as ((event: MessageEvent<FromWorker>) => void) | null,
    handle: createImportSession((message) => setTimeout(() => fake.onmessage?.({ data: message } as MessageEvent<FromWorker>))),
    postMessage(message: ToWorker) {
      void fake.handle(message);
    },
    terminate() {
      fake.terminated = true;
    },
  };
  return fake;
}
