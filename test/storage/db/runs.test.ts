import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { retryFailed, runDataset, type Sample } from "../../../src/engine";
import { ZERO_USAGE, deleteRun, getRun, idbJournal, listRuns, loadRunResults, type RunMeta, saveRun } from "../../../src/storage/db/runs";
import { scriptedJudge } from "../../engine/fake-judge";
import { freshDb } from "./helpers";

const samples: Sample[] = Array.from({ length: 5 }, (_, i) => ({ id: `s${i}`, question: `q${i}?`, answer: `a${i}.`, contexts: [`c${i}.`] }));

const meta = (over: Partial<RunMeta> = {}): RunMeta => ({
  id: "run-1",
  datasetId: "ds-1",
  name: "Run 1",
  createdAt: 1,
  updatedAt: 1,
  status: "running",
  metrics: ["faithfulness"],
  repeat: 1,
  concurrency: 2,
  sampleCount: 5,
  model: "m",
  embeddingModel: "",
  baseURL: "http://127.0.0.1:1/v1",
  prompts: { "faithfulness.statements": { instruction: "Split it.", versionName: "v2" } },
  activeMs: 0,
  datasetName: "ds",
  promptsUsed: [],
  unrecorded: { ...ZERO_USAGE },
  ...over,
});

describe("runs repository", () => {
  it("stores runs per dataset, newest first, and reads them back through the schema", async () => {
    const db = await freshDb();
    await saveRun(db, meta());
    await saveRun(db, meta({ id: "run-2", createdAt: 5, status: "paused" }));
    await saveRun(db, meta({ id: "run-3", datasetId: "other" }));
    expect((await listRuns(db, "ds-1")).runs.map((r) => r.id)).toEqual(["run-2", "run-1"]);
    expect((await getRun(db, "run-1"))?.prompts["faithfulness.statements"]?.versionName).toBe("v2");
    await db.put("runs", { id: "bad", datasetId: "ds-1", v: 1 });
    const { runs, issues } = await listRuns(db, "ds-1");
    expect(runs).toHaveLength(2);
    expect(issues[0]!.message).toMatch(/the run is invalid/);
  });

  it("keeps whether a run went by batch; a run stored without the flag reads as sync; a flag that is not a boolean is refused", async () => {
    const db = await freshDb();
    await saveRun(db, meta({ id: "by-batch", byBatch: true }));
    await saveRun(db, meta({ id: "sync" }));
    expect((await getRun(db, "by-batch"))?.byBatch).toBe(true);
    expect(await getRun(db, "sync")).not.toHaveProperty("byBatch");
    await expect(saveRun(db, meta({ id: "odd", byBatch: "yes" as unknown as boolean }))).rejects.toThrow();
  });

  it("is the engine's journal: one put per finished sample, resumable, retry-failed updates the row in place", async () => {
    const db = await freshDb();
    let puts = 0;
    const put = db.put.bind(db);
    db.put = ((store: never, value: never, key?: never) => {
      if (store === "runResults") puts++;
      return put(store, value, key);
    }) as typeof db.put;
    let fail = true;
    const replies = {
      "faithfulness.statements": (r: { messages: { content: string }[] }) => {
        if (fail && r.messages.some((m) => m.content.includes("a3.")))
          throw Object.assign(new Error("503"), { name: "MetricError", code: "llm_error", calls: [] });
        return { statements: ["One."] };
      },
      "faithfulness.verdicts": { verdicts: [{ statement: 1, reason: "r", verdict: 1 }] },
    };
    const journal = idbJournal(db, "run-1", () => 42);
    const out = await runDataset(samples, ["faithfulness"], { judge: scriptedJudge(replies).judge, concurrency: 2 }, journal);
    expect(puts).toBe(5);
    expect(out.results[3]!.metrics.faithfulness!.error!.code).toBe("llm_error");
    const { entries } = await loadRunResults(db, "run-1");
    expect(entries.map((e) => e.sampleId).sort()).toEqual(["s0", "s1", "s2", "s3", "s4"]);

    fail = false;
    const retry = scriptedJudge(replies);
    const fixed = await runDataset(samples, ["faithfulness"], { judge: retry.judge, concurrency: 2 }, journal, { redo: retryFailed });
    expect(retry.requests).toHaveLength(2);
    expect(puts).toBe(6);
    expect(fixed.results[3]!.metrics.faithfulness!.score).toBe(1);
    expect((await loadRunResults(db, "run-1")).entries).toHaveLength(5);

    await deleteRun(db, "run-1");
    expect((await loadRunResults(db, "run-1")).entries).toHaveLength(0);
  });
});
