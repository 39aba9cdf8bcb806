import { describe, expect, test } from "vitest";
import { ImportJob, type WorkerLike } from "../../../src/app/datasets/import/client";
import type { MappedSamples } from "../../../src/app/datasets/import/format-api";
import type { FromWorker, TableInfo, ToWorker } from "../../../src/app/datasets/import/protocol";
import { createImportSession } from "../../../src/app/datasets/import/session";
import { bigRagasCsv } from "../../storage/format/big-csv";
import { inThreadImportWorker } from "./in-thread-worker";

const pandasCsv = [
  ",user_input,response,retrieved_contexts,reference",
  '0,Where is it?,In Paris.,"[\'The tower is in Paris.\', ""It\'s 330 m tall.""]",Paris',
  "1,它在哪里？,在巴黎。,\"['第一段' '第二段']\",巴黎",
].join("\n");
const bytes = (text: string) => new TextEncoder().encode(text);

function session(): { posted: FromWorker[]; handle: (m: ToWorker) => Promise<void> } {
  const posted: FromWorker[] = [];
  return { posted, handle: createImportSession((m) => posted.push(m)) };
}

describe("the import worker's session", () => {
  test("reads a pandas-written ragas CSV: columns, row count and the first rows, with progress", async () => {
    const s = session();
    await s.handle({ type: "read", name: "ragas.csv", bytes: bytes(pandasCsv) });
    const table = s.posted.find((m) => m.type === "table")!.table;
    expect(table).toMatchObject({ file: "ragas.csv", kind: "csv", columns: ["user_input", "response", "retrieved_contexts", "reference"], rowCount: 2 });
    expect(table.preview[1]!.user_input).toBe("它在哪里？");
    const progress = s.posted.flatMap((m) => (m.type === "progress" ? [m.fraction] : []));
    expect(progress.at(-1)).toBe(1);
  });

  test("maps the table into samples with the right context lists (Python list and numpy array cells)", async () => {
    const s = session();
    await s.handle({ type: "read", name: "ragas.csv", bytes: bytes(pandasCsv) });
    await s.handle({
      type: "map",
      requestId: 7,
      mapping: { question: "user_input", answer: "response", contexts: "retrieved_contexts", reference: "reference" },
    });
    const mapped = s.posted.find((m) => m.type === "mapped")!;
    expect(mapped.requestId).toBe(7);
    expect(mapped.result.errors).toEqual([]);
    expect(mapped.result.samples.map((x) => x.contexts)).toEqual([
      ["The tower is in Paris.", "It's 330 m tall."],
      ["第一段", "第二段"],
    ]);
    expect(mapped.result.contextsReadAs).toEqual({ python: 1, numpy: 1 });
  });

  test("an unreadable file fails with a message naming the file, and mapping before reading is an error", async () => {
    const s = session();
    await s.handle({ type: "map", requestId: 1, mapping: {} });
    await s.handle({ type: "read", name: "empty.csv", bytes: bytes("") });
    const failed = s.posted.filter((m) => m.type === "failed");
    expect(failed[0]!.message).toBe("no file has been read yet");
    expect(failed[1]!.message).toMatch(/^empty\.csv/);
    expect(failed[1]!.issues[0]!.file).toBe("empty.csv");
  });
});

describe("ImportJob", () => {
  test("reports the table, answers the latest mapping request, and cancel terminates the worker", async () => {
    const worker = inThreadImportWorker();
    const tables: TableInfo[] = [];
    let tabled: () => void = () => undefined;
    const reported = new Promise<void>((resolve) => (tabled = resolve));
    const job = new ImportJob(worker, {
      onProgress: () => undefined,
      onTable: (t) => {
        tables.push(t);
        tabled();
      },
      onFailed: () => undefined,
    });
    job.read("ragas.csv", bytes(pandasCsv));
    // The worker answers asynchronously: wait for the table it reports, not for a time.
    await reported;
    expect(tables.map((t) => t.rowCount)).toEqual([2]);
    let first: MappedSamples | undefined;
    void job.map({ question: "user_input" }).then((r) => (first = r));
    const latest = await job.map({ question: "user_input", answer: "response" });
    expect(first).toBeUndefined();
    expect(latest.samples).toHaveLength(2);
    job.cancel();
    expect(worker.terminated).toBe(true);
  });
});

/** Like fakeWorker, with every message's delivery kept so a test can wait until all have arrived. */
function recordingWorker(): WorkerLike & { terminated: boolean; delivered: Promise<void>[]; allDelivered(): Promise<void> } {
  const fake = {
    terminated: false,
    delivered: [] as Promise<void>[],
    handled: Promise.resolve(),
    async allDelivered() {
      await fake.handled;
      await Promise.all(fake.delivered);
    },
    onmessage: null as ((event: MessageEvent<FromWorker>) => void) | null,
    handle: createImportSession((message) => {
      fake.delivered.push(new Promise((resolve) => setTimeout(() => resolve(fake.onmessage?.({ data: message } as MessageEvent<FromWorker>)))));
    }),
    postMessage(message: ToWorker) {
      fake.handled = fake.handle(message);
    },
    terminate() {
      fake.terminated = true;
    },
  };
  return fake;
}

describe("a large file read by an ImportJob (the browser test holds the worker instead of sending a large file)", () => {
  const big = bigRagasCsv({ rows: 500 });

  test("reports its progress up to 1, then the table of every row", async () => {
    const worker = recordingWorker();
    const progress: number[] = [];
    const tables: TableInfo[] = [];
    const job = new ImportJob(worker, { onProgress: (f) => progress.push(f), onTable: (t) => tables.push(t), onFailed: () => undefined });
    job.read("big.csv", big.bytes.slice());
    await worker.allDelivered();
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress[0]).toBeLessThan(1);
    expect(progress.at(-1)).toBe(1);
    expect(tables.map((t) => t.rowCount)).toEqual([500]);
  });

  test("cancelled while read: the worker is terminated and nothing it still sends reaches the import", async () => {
    const worker = recordingWorker();
    const heard: string[] = [];
    const job = new ImportJob(worker, {
      onProgress: () => heard.push("progress"),
      onTable: () => heard.push("table"),
      onFailed: () => heard.push("failed"),
    });
    job.read("big.csv", big.bytes.slice());
    job.cancel();
    expect(worker.terminated).toBe(true);
    await worker.allDelivered();
    // The session did send its progress and the table; the cancelled job let none of it through.
    expect(worker.delivered.length).toBeGreaterThan(1);
    expect(heard).toEqual([]);
  });
});
