import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type GenerationOutcome, GenerationService } from "../../../../src/app/datasets/documents/generation-service";
import type { Embedder, Judge } from "../../../../src/engine";
import type { GenerationResult, TestsetSample } from "../../../../src/engine/testset";
import { createEmbedder, createJudge } from "../../../../src/llm";
import { type AppDb, openAppDb } from "../../../../src/storage/db";
import { type NewGenerationJob, loadGenerationJob, saveGenerationJob } from "../../../../src/storage/db/generation-jobs";
import { IdbResponseCache, responseCacheSize } from "../../../../src/storage/db/response-cache";
import { CHINESE_CHUNKS, ENGLISH_CHUNKS } from "../../../engine/testset/corpus";
import type { MockRequestRecord } from "../../../mock/options";
import { repeatedRequests } from "../../../mock/request-log";
import { type MockServer, startMockServer } from "../../../mock/server";

/**
 * Issue 28's must-show 3, the browser half, in Node: a generation kept as a job in IndexedDB
 * (fake-indexeddb) over the app's reply cache, against the mock server answering only what each
 * request's schema allows (schema-random) through a fault mix of 429s and 500s. A reload mid-run
 * (every request in flight cut, nothing else said), or a Pause, then Resume by a fresh service on
 * the same database: no request answered before is sent again, the requests over both sessions
 * are exactly an uninterrupted run's, and the lines equal the uninterrupted run's with the same seed.
 */

const API_KEY = "sk-generation-resume";
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ apiKey: API_KEY, faults: { rate429: 0.08, rate500: 0.08, retryAfterSeconds: 0, seed: 5 } });
});
afterAll(() => mock.close());

const CHUNKS = [...ENGLISH_CHUNKS.slice(0, 6), ...CHINESE_CHUNKS.slice(0, 3)];

function newJob(): NewGenerationJob {
  return {
    id: "job-1",
    name: "resumed set",
    status: "running",
    createdAt: 1,
    options: { size: 4, mode: "graph", language: "auto", checks: ["grounded", "standalone", "leakage", "duplicate"], seed: 9, concurrency: 4 },
    chunks: CHUNKS,
    documents: [...new Set(CHUNKS.map((c) => c.document))].map((name) => ({ name, chunks: CHUNKS.filter((c) => c.document === name).length })),
    model: "mock-judge",
    embeddingModel: "mock-embedding",
    baseURL: mock.url,
    prompts: {},
  };
}

/** One page's locks: a reload gives the next page fresh ones (the browser drops a closed tab's Web Locks). */
function pageLocks() {
  let held = false;
  return async <T>(work: () => Promise<T>) => {
    if (held) return { ran: false as const };
    held = true;
    try {
      return { ran: true as const, value: await work() };
    } finally {
      held = false;
    }
  };
}

/**
 * One page: a service over the database, the real judge and embedder with the app's IndexedDB reply
 * cache, and `closeTab` to cut every request in flight the way a reload does (no Pause, no Cancel).
 */
function page(db: AppDb, exclusive = pageLocks(), apiKey = API_KEY) {
  const tab = new AbortController();
  const cache = new IdbResponseCache(db);
  const config = { baseURL: mock.url, apiKey, model: "mock-judge", embeddingModel: "mock-embedding", maxRetries: 10, sleep: async () => undefined, cache };
  const judge = createJudge(config);
  const embedder = createEmbedder(config);
  const ports: { judge: Judge; embedder: Embedder } = {
    judge: { complete: (r) => judge.complete({ ...r, signal: AbortSignal.any([tab.signal, ...(r.signal ? [r.signal] : [])]) }) },
    embedder: { embed: (r) => embedder.embed({ ...r, signal: AbortSignal.any([tab.signal, ...(r.signal ? [r.signal] : [])]) }) },
  };
  const stored: GenerationResult[] = [];
  const service = new GenerationService({
    db: async () => db,
    ports: async () => ports,
    exclusive,
    store: async (_job, result) => {
      stored.push(result);
      return "resumed set";
    },
  });
  return { service, stored, closeTab: () => tab.abort(new Error("the page is reloading")) };
}

let dbs = 0;
const freshDb = () => openAppDb(`generation-resume-${dbs++}`);
/** The requests the server answered with a reply (a 429 or a 500 is asked again, by design). */
const replied = (log: readonly MockRequestRecord[]) => log.filter((r) => (r.kind === "chat" || r.kind === "embedding") && r.status === 200);

function doneLines(outcome: GenerationOutcome): TestsetSample[] {
  if (outcome.kind !== "done") throw new Error(`the generation ended ${outcome.kind}`);
  return outcome.result.samples;
}

/** Runs the job until `at` requests got a reply, and holds every later one at the server, once all those replies are cached. */
async function freezeAt(db: AppDb, at: number, start: () => Promise<GenerationOutcome>): Promise<{ running: Promise<GenerationOutcome> }> {
  mock.gate.hold();
  mock.gate.allow(at);
  const running = start();
  await vi.waitFor(
    async () => {
      const answered = replied(mock.log).length;
      expect(mock.gate.parked).toBeGreaterThan(0);
      expect(answered).toBeGreaterThan(0);
      const size = await responseCacheSize(db);
      expect(size).toBe(answered);
    },
    { timeout: 30_000, interval: 20 },
  );
  // Wrapped: an async function returning the promise itself would wait for it.
  return { running };
}

let uninterrupted: { lines: TestsetSample[]; requests: number };

describe("a generation kept in IndexedDB: reload, Pause, Resume", { timeout: 120_000 }, () => {
  it("an uninterrupted run (the reference): exactly N lines, nothing asked twice", async () => {
    mock.resetLog();
    const { service } = page(await freshDb());
    const lines = doneLines(await service.start(newJob()));
    expect(lines).toHaveLength(4);
    const requests = replied(mock.log);
    expect(repeatedRequests(requests)).toEqual([]);
    uninterrupted = { lines, requests: requests.length };
    expect(uninterrupted.requests).toBeGreaterThan(20);
  });

  it("a reload mid-run, then Resume on the next page: nothing answered is sent again, and the same lines", async () => {
    const db = await freshDb();
    mock.resetLog();
    const first = page(db);
    const { running } = await freezeAt(db, Math.round(uninterrupted.requests * 0.6), () => first.service.start(newJob()));
    const before = replied(mock.log).length;
    first.closeTab();
    const cut = await running;
    expect(cut.kind).toBe("interrupted");
    // The server hears each cut request close before the gate opens: none is answered into a closed socket.
    await expect.poll(() => mock.gate.parked).toBe(0);
    mock.gate.release();
    expect(replied(mock.log)).toHaveLength(before);
    // The job is as it was: the next page finds it interrupted, not paused.
    expect((await loadGenerationJob(db)).job?.status).toBe("running");

    const next = page(await openAppDb(`generation-resume-${dbs - 1}`));
    expect(await next.service.stored()).toMatchObject({ state: "interrupted", job: { name: "resumed set", options: { size: 4, seed: 9 } } });
    const resumed = await next.service.resume();
    expect(doneLines(resumed)).toEqual(uninterrupted.lines);
    const all = replied(mock.log);
    expect(repeatedRequests(all), "no request is answered twice over both pages").toEqual([]);
    expect(all).toHaveLength(uninterrupted.requests);
    if (resumed.kind === "done") expect(resumed.result.usage.cachedRequests).toBe(before);
    expect(next.stored).toHaveLength(1);
    expect((await loadGenerationJob(db)).job).toBeUndefined();
    expect(await next.service.stored()).toBeNull();
  });

  it("Pause lets the requests in flight finish and keeps them; Resume sends nothing twice and ends with the same lines", async () => {
    const db = await freshDb();
    mock.resetLog();
    const { service } = page(db);
    const { running } = await freezeAt(db, Math.round(uninterrupted.requests * 0.4), () => service.start(newJob()));
    const parked = mock.gate.parked;
    service.pause();
    mock.gate.release();
    const paused = await running;
    expect(paused.kind).toBe("paused");
    // The parked requests were on the wire when Pause was pressed: they were answered and cached, no new one started.
    const answered = replied(mock.log).length;
    expect(answered).toBeGreaterThanOrEqual(parked);
    expect(await responseCacheSize(db)).toBe(answered);
    expect(await service.stored()).toMatchObject({ state: "paused" });
    expect((await loadGenerationJob(db)).job?.status).toBe("paused");

    const resumed = await service.resume();
    expect(doneLines(resumed)).toEqual(uninterrupted.lines);
    expect(repeatedRequests(replied(mock.log))).toEqual([]);
    expect(replied(mock.log)).toHaveLength(uninterrupted.requests);
  });

  it("one tab generates: a second page is told busy and sends nothing; Cancel forgets the job", async () => {
    const db = await freshDb();
    const shared = pageLocks();
    const owner = page(db, shared);
    // Its own key, so any request it sent would show in the server's log.
    const other = page(db, shared, "sk-the-other-tab");
    mock.resetLog();
    const { running } = await freezeAt(db, 3, () => owner.service.start(newJob()));
    expect(await other.service.resume()).toEqual({ kind: "busy" });
    expect(await other.service.stored()).toMatchObject({ state: "busy" });
    expect(mock.log.filter((r) => r.headers.authorization?.includes("sk-the-other-tab"))).toEqual([]);
    expect(mock.log.filter((r) => r.headers.authorization?.includes(API_KEY)).length).toBeGreaterThan(3);
    await owner.service.cancel();
    mock.gate.release();
    expect(await running).toEqual({ kind: "cancelled" });
    expect((await loadGenerationJob(db)).job).toBeUndefined();
  });

  it("a stored job whose chunks no longer hash to what was stored is dropped with a message, not resumed", async () => {
    const db = await freshDb();
    const stored = await saveGenerationJob(db, newJob());
    await db.put("settings", { ...stored, v: 1, chunks: [{ ...CHUNKS[0]!, text: `${CHUNKS[0]!.text} changed` }, ...CHUNKS.slice(1)] }, "generationJob");
    const read = await loadGenerationJob(db);
    expect(read.job).toBeUndefined();
    expect(read.issues.map((i) => i.message)).toEqual(["its documents changed after it was stored; the interrupted generation was dropped"]);
    expect(await db.get("settings", "generationJob")).toBeUndefined();
  });
});
