import { createDocumentsSession } from "./documents/session";
import type { FromDocumentsWorker, ToDocumentsWorker } from "./documents/protocol";

/** Parses documents off the main thread: pdf.js, mammoth and Readability never freeze the page. */
// (Typed by hand: the project compiles with the DOM lib, whose `self` is a Window.)
const scope = self as unknown as { postMessage(message: FromDocumentsWorker): void; onmessage: ((event: MessageEvent<ToDocumentsWorker>) => void) | null };
const handle = createDocumentsSession((message) => scope.postMessage(message));
scope.onmessage = (event) => void handle(event.data);
