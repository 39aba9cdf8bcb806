import { describe, expect, test } from "vitest";
import { ImportJob, type WorkerLike } from "../../../src/app/datasets/import/client";
import type { MappedSamples } from "../../../src/app/datasets/import/format-api";
import type { FromWorker, TableInfo, ToWorker } from "../../../src/app/datasets/import/protocol";
import { createImportSession } from "../../../src/app/datasets/import/session";

const pandasCsv = [
  ",user_input,response,retrieved_contexts,reference",
  '0,Where is it?,In Paris.,"[\'The tower is in Paris.\', ""It\'s 330 m tall.""]",Paris',
  "1,它在哪里？,在巴黎。,\"['第一段' '第二段']\",巴黎",
].join("\n");
const bytes = (text: string) => new TextEncoder().encode(text);

/** A worker stand-in that runs the real session in the same thread, asynchronously like a worker. */
function fakeWorker(): WorkerLike & { terminated: boolean } {
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
    const worker = fakeWorker();
    const tables: TableInfo[] = [];
    const job = new ImportJob(worker, { onProgress: () => undefined, onTable: (t) => tables.push(t), onFailed: () => undefined });
    job.read("ragas.csv", bytes(pandasCsv));
    await new Promise((r) => setTimeout(r, 20));
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
