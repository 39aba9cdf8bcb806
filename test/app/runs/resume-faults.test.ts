import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { estimateRun } from "../../../src/app/runs/estimate";
import { resumeRun, retryFailedRun, startRun } from "../../../src/app/runs/run-actions";
import { memoryLocks, RunService } from "../../../src/app/runs/run-service";
import { displayStatus, useRuns } from "../../../src/app/runs/run-state";
import { transportInput } from "../../../src/app/shared/ports/transport";
import { appDb } from "../../../src/app/shared/persist/db";
import { DEFAULT_SETTINGS } from "../../../src/app/shared/settings-model/model";
import { useApp } from "../../../src/app/shared/store";
import type { Embedder, Judge, Sample } from "../../../src/engine";
import type { AppDb } from "../../../src/storage/db/db";
import { createDataset } from "../../../src/storage/db/datasets";
import { getRun, loadRunResults, type RunMeta } from "../../../src/storage/db/runs";
import { checkTransportConfig, createEmbedder, createJudge } from "../../../src/llm";
import { guessMapping } from "../../../src/storage/format/columns";
import { tableToSamples } from "../../../src/storage/format/mapping";
import { readTableText } from "../../../src/storage/format/table";
import { datasetCsv } from "../../e2e/datasets-fixture";
import { isConnectionCheck } from "../../mock/request-log";
import { type MockRequestRecord, type MockServer, startMockServer } from "../../mock/server";

/**
 * What-it-must-show 1 of the runs issue, at its full size: a 200-row dataset run against the mock
 * with faults injected, the tab gone in the middle (a reload), the run resumed: every row ends
 * scored or with a coded null, and no finished row is asked about again (the mock's log, by
 * sample). Then Retry failed asks only about the rows whose null came from an error, with the
 * models the run started with. The browser test (test/e2e/runs.test.ts) shows the same through
 * the page (reload, the interrupted notice, Resume and Retry failed) on a smaller dataset.
 */

const KEY = "sk-resume-faults";
const METRICS = ["faithfulness", "context_recall"] as const;

let mock: MockServer;
let db: AppDb;
beforeAll(async () => {
  mock = await startMockServer({ apiKey: KEY, faults: { rate500: 0.04, rateMalformed: 0.04, seed: 11 } });
  db = (await appDb())!;
});
afterAll(() => mock.close());
beforeEach(() => {
  mock.resetLog();
  useRuns.setState({ live: null, notice: null, runs: [], selectedId: null });
});

const settingsFor = (patch: Partial<typeof DEFAULT_SETTINGS> = {}) =>
  useApp.setState({
    apiKey: KEY,
    bypassCache: true,
    settings: { ...DEFAULT_SETTINGS, provider: "custom", baseURL: mock.url, model: "mock-judge", embeddingModel: "mock-embedding", prices: [], ...patch },
  });

/** The dataset the browser test imports (datasetCsv), read through the app's own import path. */
function importedSamples(rows: number): Sample[] {
  const table = readTableText(datasetCsv(rows), `faults-${rows}.csv`);
  const read = tableToSamples(table, guessMapping(table.columns));
  expect(read.errors).toEqual([]);
  return read.samples;
}

/** The sample ("q17") a chat request is about: every prompt quotes the tower's city. */
const sampleOf = (r: MockRequestRecord) => {
  const m = /tower in city (\d+)/.exec(JSON.stringify(r.body));
  return m ? `q${m[1]}` : "?";
};
const runChats = () => mock.log.filter((r) => r.kind === "chat" && !isConnectionCheck(r));
const errorCoded = (metrics: Partial<Record<string, { error?: { code: string } }>>) =>
  Object.values(metrics).some((m) => m?.error?.code === "llm_error" || m?.error?.code === "parse_error");

/**
 * The first tab's endpoint, as the app builds it from Settings, in a tab that is gone once `gone()`
 * (reloaded): nothing more leaves it (not even a retry waiting out its backoff), and no answer
 * reaches its run, so nothing more is stored.
 */
function dyingTabPorts(meta: RunMeta, gone: () => boolean, sending: Set<Promise<unknown>>): { judge: Judge; embedder: Embedder } {
  const hang = () => new Promise<never>(() => {});
  const { settings, apiKey } = useApp.getState();
  const input = transportInput({ ...settings, model: meta.model, embeddingModel: meta.embeddingModel }, apiKey);
  const send = (url: RequestInfo | URL, init?: RequestInit) => {
    if (gone()) return hang();
    // Sent before the tab went: the test waits until the mock has it (its log holds every one).
    const sent = fetch(url, init);
    const tracked = sent.finally(() => sending.delete(tracked));
    sending.add(tracked);
    return sent;
  };
  // Retries wait no real time: the backoff is the retry module's business (test/llm/retry.test.ts).
  const checked = checkTransportConfig({ ...input, fetch: send, sleep: async () => {} });
  if (!checked.ok) throw new Error(checked.message);
  const judge = createJudge(checked.config, { bypassCache: true });
  return {
    judge: {
      complete: async (request) => {
        if (gone()) return hang();
        const reply = await judge.complete(request);
        return gone() ? hang() : reply;
      },
    },
    embedder: createEmbedder(checked.config, { bypassCache: true }),
  };
}

describe("a 200-row run with faults, cut off by a reload and resumed", () => {
  it("finishes every row scored or coded, asks no finished row again, and Retry failed asks only the error rows with the run's model", {
    timeout: 120_000,
  }, async () => {
    const samples = importedSamples(200);
    // The estimate the form shows before starting: 200 rows x (faithfulness 2 + recall 1).
    expect((await estimateRun(samples, [...METRICS], { repeat: 1, concurrency: 6, hasEmbedder: true, model: "mock-judge", prices: [] })).requests).toBe(600);
    settingsFor({ concurrency: 6 });
    const dataset = await createDataset(db, { name: "faults-200", source: { file: "faults-200.csv", kind: "csv" }, samples });

    // The first tab: the run as the app creates it, driven until 50 rows are done, then the tab is gone.
    let done = 0;
    let gone = false;
    let tabGoes = () => {};
    const tabGone = new Promise<void>((resolve) => (tabGoes = resolve));
    const sending = new Set<Promise<unknown>>();
    const firstTab = new RunService(
      {
        db: async () => db,
        clock: { now: () => Date.now() },
        judge: async (meta) => dyingTabPorts(meta, () => gone, sending),
        locks: memoryLocks(),
        newId: () => "faults-run",
      },
      {
        onEntry: () => {
          done++;
          if (done >= 50) {
            gone = true;
            tabGoes();
          }
        },
      },
    );
    const run = await firstTab.create({
      datasetId: dataset.id,
      datasetName: dataset.name,
      samples,
      metrics: [...METRICS],
      repeat: 1,
      concurrency: 6,
      prompts: {},
      model: "mock-judge",
      embeddingModel: "mock-embedding",
      baseURL: mock.url,
    });
    void firstTab.execute(run.id);
    await tabGone;
    // Let what the tab sent before it went land at the mock (the answers go nowhere now). Once gone,
    // the tab sends nothing more, so the set only shrinks: its promises are every send to wait for.
    await Promise.allSettled([...sending]);
    // The mock closes its side of an answered request just after the client has the answer.
    await vi.waitFor(() => expect(mock.inFlight).toBe(0), { timeout: 15_000, interval: 5 });
    expect(sending.size).toBe(0);

    // What the reloaded page finds: a run stored as running that no tab holds, some rows finished.
    const stored = (await getRun(db, run.id))!;
    expect(displayStatus(stored, null, [])).toBe("interrupted");
    const before = (await loadRunResults(db, run.id)).entries;
    const finishedBefore = new Set(before.map((e) => e.sampleId));
    expect(finishedBefore.size).toBeGreaterThanOrEqual(50);
    expect(finishedBefore.size).toBeLessThan(200);

    // The reloaded page resumes it (no retries from here on, so some 500s become llm_error nulls).
    settingsFor({ maxRetries: 0, concurrency: 6 });
    mock.resetLog();
    await resumeRun(run.id);
    expect(useRuns.getState().notice).toBeNull();
    expect((await getRun(db, run.id))?.status).toBe("done");

    const chat = runChats();
    expect(
      chat.map(sampleOf).filter((id) => finishedBefore.has(id)),
      "no request for a row finished before the reload",
    ).toEqual([]);
    // Work, retries aside: per row at most 3 clean first answers (2 faithfulness + 1 recall) plus one repair per malformed reply.
    const perSample = new Map<string, { clean: number; malformed: number }>();
    for (const r of chat) {
      const c = perSample.get(sampleOf(r)) ?? { clean: 0, malformed: 0 };
      if (r.fault === "malformed") c.malformed++;
      else if (r.status === 200) c.clean++;
      perSample.set(sampleOf(r), c);
    }
    for (const [id, c] of perSample) expect(c.clean, id).toBeLessThanOrEqual(3 + c.malformed);
    expect(chat.some((r) => r.fault)).toBe(true);

    const after = (await loadRunResults(db, run.id)).entries;
    expect(after).toHaveLength(200);
    expect(new Set(after.map((e) => e.sampleId)).size).toBe(200);
    for (const entry of after) {
      for (const id of METRICS) {
        const m = entry.metrics[id];
        expect(m, `${entry.sampleId} ${id}`).toBeDefined();
        if (m!.score === null) expect(m!.error?.code, `${entry.sampleId} ${id}`).toMatch(/^(llm_error|parse_error|no_statements|internal_error)$/);
        else expect(m!.score).toBeGreaterThanOrEqual(0);
      }
    }

    // Retry failed: asks again only about the rows whose null came from an error, with the run's
    // own model even though Settings name another one since.
    const retryable = new Set(after.filter((e) => errorCoded(e.metrics)).map((e) => e.sampleId));
    expect(retryable.size, "some 500s became llm_error nulls").toBeGreaterThan(0);
    settingsFor({ maxRetries: 0, concurrency: 6, model: "changed-in-settings" });
    mock.resetLog();
    await retryFailedRun(run.id);
    expect(useRuns.getState().notice).toBeNull();
    const retried = new Set(runChats().map(sampleOf));
    expect(new Set(mock.log.filter((r) => r.kind === "chat").map((r) => r.model))).toEqual(new Set(["mock-judge"]));
    expect(retried.size).toBeGreaterThan(0);
    expect(
      [...retried].filter((id) => !retryable.has(id)),
      "no request for a row without an error null",
    ).toEqual([]);
    const final = (await loadRunResults(db, run.id)).entries;
    expect(final).toHaveLength(200);
    expect(final.filter((e) => errorCoded(e.metrics)).length).toBeLessThan(retryable.size);
  });
});

describe("each run chooses its judge model", () => {
  it("two runs of one dataset with two models: each is asked with its own, every row finished", { timeout: 60_000 }, async () => {
    mock.configure({ faults: {} });
    settingsFor();
    const samples = importedSamples(6);
    const dataset = await createDataset(db, { name: "models-6", source: { file: "models-6.csv", kind: "csv" }, samples });
    for (const model of ["judge-a", "judge-b"]) {
      mock.resetLog();
      await startRun(dataset.id, { metrics: [...METRICS], repeat: 1, concurrency: 2, model });
      expect(useRuns.getState().notice).toBeNull();
      const runId = useRuns.getState().selectedId!;
      expect((await getRun(db, runId))?.model).toBe(model);
      expect((await loadRunResults(db, runId)).entries).toHaveLength(6);
      // Faithfulness (2 calls) and context recall (1) on 6 rows, all answered.
      expect(runChats().filter((r) => r.status === 200)).toHaveLength(18);
      expect(new Set(mock.log.filter((r) => r.kind === "chat").map((r) => r.model)), model).toEqual(new Set([model]));
    }
  });
});
