import type { FromWorker, ToWorker } from "./import/protocol";
import { createImportSession } from "./import/session";

/** Parses dataset files off the main thread, so a 50 MB CSV never freezes the page. */
// (Typed by hand: the project compiles with the DOM lib, whose `self` is a Window.)
const scope = self as unknown as { postMessage(message: FromWorker): void; onmessage: ((event: MessageEvent<ToWorker>) => void) | null };
const handle = createImportSession((message) => scope.postMessage(message));
scope.onmessage = (event) => void handle(event.data);
