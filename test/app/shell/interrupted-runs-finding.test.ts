import "fake-indexeddb/auto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { memoryLocks, RunService } from "../../../src/app/runs/run-service";
import { appDb } from "../../../src/app/shared/persist/db";
import { findInterruptedRun } from "../../../src/app/shell/interrupted-runs";
import { evaluate, type MetricId, type Sample } from "../../../src/engine";
import type { AppDb } from "../../../src/storage/db/db";
import { createDataset } from "../../../src/storage/db/datasets";
import { idbJournal, saveRun, type RunMeta } from "../../../src/storage/db/runs";

/**
 * The shell's "a run was interrupted" alert, on fake-indexeddb. Node 20 has no Web Locks: the
 * lock manager is stubbed as the browser's navigator.locks, holding the locks the test says.
 */

const METRICS: MetricId[] = ["exact_match", "string_similarity"];
const samples: Sample[] = Array.from({ length: 5 }, (_, i) => ({ id: `s${i}`, question: `q${i}`, answer: `a${i}`, contexts: [], reference: `a${i}` }));

let db: AppDb;
let older: RunMeta;
let newer: RunMeta;
let time = 1_000;

function holdLocks(...runIds: string[]): void {
  vi.stubGlobal("navigator", {
    locks: { query: async () => ({ held: runIds.map((id) => ({ name: `ragas-playground:run:${id}` })) }), request: () => undefined },
  });
}

beforeAll(async () => {
  db = (await appDb())!;
  let ids = 0;
  const service = new RunService({
    db: async () => db,
    clock: { now: () => (time += 1_000) },
    judge: async () => ({ judge: undefined as never, embedder: undefined }),
    locks: memoryLocks(),
    newId: () => `run-${ids++}`,
  });
  const dataset = await createDataset(db, { name: "letters", source: { file: "l.csv", kind: "csv" }, samples });
  const input = {
    datasetId: dataset.id,
    datasetName: dataset.name,
    samples,
    metrics: METRICS,
    concurrency: 1,
    prompts: {},
    model: "m",
    embeddingModel: "",
    baseURL: "",
  };
  older = await service.create({ ...input, name: "older", repeat: 1 });
  newer = await service.create({ ...input, name: "newer", repeat: 2 });
  for (const run of [older, newer]) await saveRun(db, { ...run, status: "running" });

  const scored = (await evaluate(samples, METRICS, { concurrency: 1 })).results;
  const journal = idbJournal(db, newer.id);
  // Finished: s0 and s1 in repeat 0, s0 in repeat 1. Not finished: s2 with one metric of two.
  await journal.append({ sampleId: "s0", repeat: 0, metrics: scored[0]!.metrics });
  await journal.append({ sampleId: "s1", repeat: 0, metrics: scored[1]!.metrics });
  await journal.append({ sampleId: "s0", repeat: 1, metrics: scored[0]!.metrics });
  await journal.append({ sampleId: "s2", repeat: 0, metrics: { exact_match: scored[2]!.metrics.exact_match! } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("finding an interrupted run", () => {
  it("is the newest run stored as running, with its finished (sample, repeat) pairs out of samples x repeat", async () => {
    holdLocks();
    const found = await findInterruptedRun();
    expect(found?.run.id).toBe(newer.id);
    expect(found?.finished).toBe(3);
    expect(found?.total).toBe(samples.length * 2);
  });

  it("skips a run whose lock a tab holds (it is running, not interrupted)", async () => {
    holdLocks(newer.id);
    const found = await findInterruptedRun();
    expect(found?.run.id).toBe(older.id);
    expect(found).toMatchObject({ finished: 0, total: samples.length });
  });

  it("is none when every running run is held, or none is stored as running", async () => {
    holdLocks(newer.id, older.id);
    expect(await findInterruptedRun()).toBeNull();
    holdLocks();
    await saveRun(db, { ...older, status: "paused" });
    await saveRun(db, { ...newer, status: "done" });
    expect(await findInterruptedRun()).toBeNull();
  });
});
