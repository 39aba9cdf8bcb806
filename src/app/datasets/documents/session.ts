import { parseDocument } from "../../../documents/parse";
import { chunkDocument } from "../../../engine/text/chunk";
import type { FromDocumentsWorker, ToDocumentsWorker } from "./protocol";

/**
 * The documents worker's work, testable in one thread: parse each file (each format's library loads
 * on the first file of its kind), chunk what parsed, and report every document as it lands, so one
 * slow or broken file never holds back the list.
 */
export function createDocumentsSession(post: (message: FromDocumentsWorker) => void) {
  return async (message: ToDocumentsWorker): Promise<void> => {
    const total = message.files.length;
    for (const [index, file] of message.files.entries()) {
      const result = await parseDocument({ path: file.name, bytes: file.bytes });
      const entry = result.ok
        ? { name: file.name, ok: true as const, document: result.document, chunks: chunkDocument(result.document) }
        : { name: file.name, ok: false as const, reason: result.skipped.reason, message: result.skipped.message };
      post({ type: "document", index, total, entry });
    }
    post({ type: "done" });
  };
}
