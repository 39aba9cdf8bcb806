import { create } from "zustand";
import type { DocumentEntry, FromDocumentsWorker, ToDocumentsWorker } from "./protocol";

/** The part of a Worker the store uses (tests hand in the session in-thread). */
export interface DocumentsWorkerLike {
  postMessage(message: ToDocumentsWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<FromDocumentsWorker>) => void) | null;
  terminate(): void;
}

/** Same-origin module worker (the CSP allows only those); Vite bundles it, and the parsers it loads, as their own files. */
function startDocumentsWorker(): DocumentsWorkerLike {
  return new Worker(new URL("../documents.worker.ts", import.meta.url), { type: "module" }) as unknown as DocumentsWorkerLike;
}

interface DocumentsState {
  /** Every document given so far, in the order given, each with its chunks or why it has none. */
  entries: DocumentEntry[];
  /** Documents read of those asked in the running parse; null when none runs. */
  reading: { done: number; total: number } | null;
}

export const useDocuments = create<DocumentsState>(() => ({ entries: [], reading: null }));

let makeWorker: () => DocumentsWorkerLike = startDocumentsWorker;
let worker: DocumentsWorkerLike | null = null;

/** Tests run the worker's session in this thread. */
export function setDocumentsWorkerFactory(factory: () => DocumentsWorkerLike): void {
  makeWorker = factory;
}

/**
 * Reads the files in the worker and adds each document as it lands. A file given again (same name)
 * replaces its earlier entry, so dropping a corrected file fixes the list instead of doubling it.
 */
export async function addDocuments(files: readonly File[]): Promise<void> {
  if (files.length === 0) return;
  const payload = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
  worker?.terminate();
  const current = makeWorker();
  worker = current;
  useDocuments.setState({ reading: { done: 0, total: payload.length } });
  current.onmessage = (event) => {
    const message = event.data;
    // pdf.js, loaded inside this worker, takes the worker for its own and posts its handshake to the
    // page too: only our two kinds of message are ours.
    if (worker !== current || (message?.type !== "document" && message?.type !== "done")) return;
    if (message.type === "done") {
      useDocuments.setState({ reading: null });
      current.terminate();
      worker = null;
      return;
    }
    const { entry } = message;
    useDocuments.setState((s) => ({
      entries: [...s.entries.filter((e) => e.name !== entry.name), entry],
      reading: { done: message.index + 1, total: message.total },
    }));
  };
  current.postMessage(
    { type: "parse", files: payload },
    payload.map((f) => f.bytes.buffer as ArrayBuffer),
  );
}

export function removeDocument(name: string): void {
  useDocuments.setState((s) => ({ entries: s.entries.filter((e) => e.name !== name) }));
}

export function clearDocuments(): void {
  worker?.terminate();
  worker = null;
  useDocuments.setState({ entries: [], reading: null });
}
