import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pauseRun, resumeRun, runReport, startRun } from "../../../src/app/runs/run-actions";
import { RunService } from "../../../src/app/runs/run-service";
import { useRuns } from "../../../src/app/runs/run-state";
import { webLocks } from "../../../src/app/runs/web-locks";
import { heldRunIds } from "../../../src/app/shared/locks/run-locks";
import { appDb } from "../../../src/app/shared/persist/db";
import { DEFAULT_SETTINGS } from "../../../src/app/shared/settings-model/model";
import { useApp } from "../../../src/app/shared/store";
import { createDataset } from "../../../src/storage/db/datasets";
import { getRun, loadRunResults } from "../../../src/storage/db/runs";
import { guessMapping } from "../../../src/storage/format/columns";
import { tableToSamples } from "../../../src/storage/format/mapping";
import { readTableText } from "../../../src/storage/format/table";
import { datasetCsv } from "../../e2e/datasets-fixture";
import { requestKey } from "../../e2e/runs-trust-helpers";
import { isConnectionCheck } from "../../mock/request-log";
import { type MockServer, startMockServer } from "../../mock/server";
import { whenState } from "../waits";

/**
 * Issue 17, what it must show 2, as the runs pane drives it (run-actions: the app's RunService with
 * its real endpoint, the Web Locks code and the pane's store) against the mock server: Pause lets
 * the requests in flight finish, Resume asks nothing twice, the report's usage is the mock's count
 * (the two connection checks included), and a run live here cannot be run by another tab. The
 * browser test (test/e2e/runs-trust.test.ts) shows the buttons and the second tab's view.
 */

const KEY = "sk-pause-resume";
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ apiKey: KEY, latencyMs: 15 });
  useApp.setState({
    apiKey: KEY,
    bypassCache: true,
    settings: { ...DEFAULT_SETTINGS, provider: "custom", baseURL: mock.url, model: "mock-judge", embeddingModel: "mock-embedding", prices: [] },
  });
});
afterAll(() => mock.close());

const modelRequests = () => mock.log.filter((r) => r.kind === "chat" || r.kind === "embedding");
const asked = () => modelRequests().filter((r) => !isConnectionCheck(r));

describe("Pause and Resume of a run, counted at the mock", () => {
  it("Pause lets the requests in flight finish; another tab cannot run it while live; Resume asks nothing twice; the report's usage is the mock's count", async () => {
    const table = readTableText(datasetCsv(12), "pause-12.csv");
    const { samples } = tableToSamples(table, guessMapping(table.columns));
    const db = (await appDb())!;
    const dataset = await createDataset(db, { name: "pause-12", source: { file: "pause-12.csv", kind: "csv" }, samples });
    mock.resetLog();

    const started = startRun(dataset.id, { metrics: ["faithfulness", "context_recall"], repeat: 1, concurrency: 2 });
    const runId = (await whenState(useRuns, (s) => s.live !== null, "the run to be live")).live!.runId;
    expect((await getRun(db, runId))?.status).toBe("running");

    // Another tab (its own RunService, the same Web Locks code): the run's lock is held, so it
    // is not started there and that tab's endpoint is never even built.
    expect(await heldRunIds()).toEqual(new Set([runId]));
    let otherTabPorts = 0;
    const otherTab = new RunService(
      {
        db: async () => db,
        clock: { now: () => Date.now() },
        judge: async () => {
          otherTabPorts++;
          return { judge: undefined, embedder: undefined };
        },
        locks: webLocks(),
        newId: () => "unused",
      },
      {},
    );
    expect((await otherTab.execute(runId)).kind).toBe("busy");
    expect(otherTabPorts).toBe(0);

    // Paused as the second sample is counted (the waiter wakes before the mock's next answer), however busy the machine.
    await whenState(useRuns, (s) => (s.counters[runId]?.finished ?? 0) >= 2, "2 finished samples");
    pauseRun();
    await started;
    expect(useRuns.getState().notice).toBeNull();
    expect((await getRun(db, runId))?.status).toBe("paused");
    expect(mock.inFlight).toBe(0);
    expect(await heldRunIds()).toEqual(new Set());
    const pausedAt = (await loadRunResults(db, runId)).entries.length;
    expect(useRuns.getState().counters[runId]?.finished).toBe(pausedAt);
    expect(pausedAt).toBeGreaterThanOrEqual(2);
    expect(pausedAt).toBeLessThan(12);
    // Every request sent before the pause was answered and recorded: 3 per finished sample.
    const firstSession = asked();
    expect(firstSession.map((r) => r.status)).toEqual(firstSession.map(() => 200));
    expect(firstSession).toHaveLength(pausedAt * 3);

    await resumeRun(runId);
    expect(useRuns.getState().notice).toBeNull();
    expect((await getRun(db, runId))?.status).toBe("done");
    expect((await loadRunResults(db, runId)).entries).toHaveLength(12);
    const all = asked();
    expect(all).toHaveLength(36);
    expect(new Set(all.map(requestKey)).size, "no request sent twice").toBe(36);
    // One connection check before the start, one before the resume: both in the report's usage.
    expect(modelRequests().filter(isConnectionCheck)).toHaveLength(2);
    const report = await runReport(runId);
    expect(report!.usage.requests).toBe(modelRequests().length);
    expect(report!.usage.requests).toBe(38);
  });
});
