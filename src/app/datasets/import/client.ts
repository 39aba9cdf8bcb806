import type { ColumnMapping, FileIssue, MappedSamples } from "./format-api";
import type { FromWorker, TableInfo, ToWorker } from "./protocol";

/** The part of a Worker the client uses (tests hand in a fake). */
export interface WorkerLike {
  postMessage(message: ToWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null;
  terminate(): void;
}

export interface ImportEvents {
  onProgress(fraction: number): void;
  onTable(table: TableInfo): void;
  onFailed(message: string, issues: FileIssue[]): void;
}

/** Same-origin module worker (the CSP allows only those); Vite bundles it as its own file. */
export function startImportWorker(): WorkerLike {
  return new Worker(new URL("../import.worker.ts", import.meta.url), { type: "module" }) as unknown as WorkerLike;
}

/**
 * One import: a worker that reads one file and then answers mapping requests. cancel() terminates
 * the worker, which stops even a parse that is in the middle of a 50 MB file.
 */
export class ImportJob {
  private nextId = 1;
  private pending = new Map<number, (result: MappedSamples) => void>();
  private closed = false;

  constructor(
    private readonly worker: WorkerLike,
    private readonly events: ImportEvents,
  ) {
    worker.onmessage = (event) => this.receive(event.data);
  }

  read(name: string, bytes: Uint8Array): void {
    this.worker.postMessage({ type: "read", name, bytes }, [bytes.buffer as ArrayBuffer]);
  }

  /** Maps the whole table; the latest request wins (older ones never resolve). */
  map(mapping: ColumnMapping): Promise<MappedSamples> {
    const requestId = this.nextId++;
    this.pending.clear();
    this.worker.postMessage({ type: "map", requestId, mapping });
    return new Promise((resolve) => this.pending.set(requestId, resolve));
  }

  cancel(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending.clear();
    this.worker.terminate();
  }

  private receive(message: FromWorker): void {
    if (this.closed) return;
    if (message.type === "progress") this.events.onProgress(message.fraction);
    else if (message.type === "table") this.events.onTable(message.table);
    else if (message.type === "failed") this.events.onFailed(message.message, message.issues);
    else this.pending.get(message.requestId)?.(message.result);
  }
}
