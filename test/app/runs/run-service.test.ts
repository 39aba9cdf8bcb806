import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { type RunLocks, memoryLocks, RunService } from "../../../src/app/runs/run-service";
import { runTitle } from "../../../src/app/runs/run-title";
import type { JudgeRequest, Sample } from "../../../src/engine";
import { openAppDb } from "../../../src/storage/db";
import { createDataset, deleteDataset } from "../../../src/storage/db/datasets";
import { deleteDatasetRow, updateDatasetRow } from "../../../src/storage/db/datasets-edit";
import { getRun } from "../../../src/storage/db/runs";
import { metricSummaryOf } from "../../../src/storage/format/report-schema";
import { scriptedJudge } from "../../engine/fake-judge";
import { watchedList } from "../waits";

const samples: Sample[] = Array.from({ length: 10 }, (_, i) => ({
  id: `s${i}`,
  question: `Where is tower ${i}?`,
  answer: `Tower ${i} is in city ${i}.`,
  contexts: [`Tower ${i} stands in city ${i}.`],
}));

const replies = {
  "faithfulness.statements": (r: JudgeRequest<unknown>) => ({ statements: [`Statement from ${/city (\d+)/.exec(r.messages.at(-1)!.content)?.[1]}.`] }),
  "faithfulness.verdicts": { verdicts: [{ statement: 1, reason: "said so", verdict: 1 }] },
};
const key = (r: JudgeRequest<unknown>) => `${r.promptId}|${r.messages.map((m) => m.content).join("\n")}`;

let n = 0;
async function setup(options: { delayMs?: number; locks?: RunLocks; holdAfterFirstSample?: () => void } = {}) {
  const db = await openAppDb(`run-service-${n++}`);
  const finished = watchedList<string>("finished samples");
  const entries = finished.items;
  // holdAfterFirstSample: once a sample is done, requests stay in flight until the run aborts them (and the test hears of each).
  const heard = options.holdAfterFirstSample;
  const holdsThisOne = () => {
    if (entries.length < 1) return false;
    heard?.();
    return true;
  };
  const judge = scriptedJudge(replies, { delayMs: options.delayMs ?? 0, ...(heard ? { hold: holdsThisOne } : {}) });
  let time = 1_000;
  const clock = { now: () => (time += 250) };
  let ids = 0;
  const service = new RunService(
    {
      db: async () => db,
      clock,
      judge: async () => ({ judge: judge.judge, embedder: undefined }),
      locks: options.locks ?? memoryLocks(),
      newId: () => `run-${ids++}`,
    },
    { onEntry: (_runId, entry) => finished.push(entry.sampleId) },
  );
  const dataset = await createDataset(db, { name: "towers", source: { file: "t.csv", kind: "csv" }, samples });
  const run = await service.create({
    datasetId: dataset.id,
    datasetName: dataset.name,
    samples,
    name: "first",
    metrics: ["faithfulness"],
    repeat: 1,
    concurrency: 1,
    prompts: {},
    model: "m",
    embeddingModel: "",
    baseURL: "http://127.0.0.1:1/v1",
  });
  return { db, judge, service, dataset, run, entries, finished };
}

describe("RunService", () => {
  it("names a run given no name after the moment it was created, so the runs list shows that moment in the UI language", async () => {
    const { service, dataset } = await setup();
    const unnamed = await service.create({
      datasetId: dataset.id,
      datasetName: dataset.name,
      samples,
      metrics: ["bleu"],
      repeat: 1,
      concurrency: 1,
      prompts: {},
      model: "m",
      embeddingModel: "",
      baseURL: "",
    });
    const zh = new Intl.DateTimeFormat("zh-CN", { dateStyle: "medium", timeStyle: "short" });
    const fmt = {
      dateTime: (at: number | string | Date) => zh.format(new Date(at)),
      time: String,
      number: String,
      list: (xs: readonly string[]) => xs.join("、"),
    };
    expect(unnamed.name).toBe(new Date(unnamed.createdAt).toLocaleString());
    expect(runTitle(unnamed, fmt)).toBe(zh.format(new Date(unnamed.createdAt)));
  });

  it("scores from the run's snapshot: editing or deleting the dataset's rows, or the dataset, changes nothing in its report", async () => {
    const { db, service, dataset, run, judge } = await setup();
    const outcome = await service.execute(run.id);
    expect(outcome.kind).toBe("done");
    expect(judge.requests).toHaveLength(20);
    const before = JSON.stringify(await service.report(run.id));
    await updateDatasetRow(db, dataset.id, 0, { ...samples[0]!, answer: "Edited after the run." });
    await deleteDatasetRow(db, dataset.id, 3);
    expect(JSON.stringify(await service.report(run.id))).toBe(before);
    await deleteDataset(db, dataset.id);
    const after = await service.report(run.id);
    expect(JSON.stringify(after)).toBe(before);
    expect(after!.samples.map((s) => s.answer)).toEqual(samples.map((s) => s.answer));
    expect(after!.usage.requests).toBe(20);
    // The fake clock: start and stop are one tick apart (journal writes read it too).
    expect((await getRun(db, run.id))!.activeMs).toBeGreaterThan(0);
  });

  it("keeps the run form's thresholds with the run: its report marks each result and gives the pass rate (contract 14)", async () => {
    const { db, service, dataset } = await setup();
    const gated = await service.create({
      datasetId: dataset.id,
      datasetName: dataset.name,
      samples,
      metrics: ["faithfulness"],
      thresholds: { faithfulness: 0.9 },
      repeat: 1,
      concurrency: 2,
      prompts: {},
      model: "m",
      embeddingModel: "",
      baseURL: "http://127.0.0.1:1/v1",
    });
    expect((await getRun(db, gated.id))!.thresholds).toEqual({ faithfulness: 0.9 });
    expect((await service.execute(gated.id)).kind).toBe("done");
    const report = (await service.report(gated.id))!;
    expect(report.config.thresholds).toEqual({ faithfulness: 0.9 });
    // Every statement supported: 1 on every sample, at or above 0.9.
    expect(report.results.map((r) => [r.metrics.faithfulness?.score, r.metrics.faithfulness?.pass])).toEqual(samples.map(() => [1, true]));
    expect(metricSummaryOf(report.summary, "faithfulness")).toMatchObject({ passed: 10, passRate: 1, meanPasses: true });
  });

  it("Pause finishes the samples in flight and starts no other; Resume sends nothing twice; usage = every request", async () => {
    const { service, run, judge, entries, finished } = await setup({ delayMs: 3 });
    const running = service.execute(run.id);
    // Paused as the second sample is recorded (the waiter wakes before the judge's next timer), however busy the machine.
    await finished.reaches(2);
    service.pause();
    const paused = await running;
    expect(paused.kind).toBe("paused");
    const firstSession = judge.requests.length;
    // Every request of the first session belongs to a sample it finished (both of its requests).
    expect(firstSession).toBe(entries.length * 2);
    expect(entries.length).toBeLessThan(10);

    const resumed = await service.execute(run.id);
    expect(resumed.kind).toBe("done");
    const sent = judge.requests.map(key);
    expect(sent).toHaveLength(20);
    expect(new Set(sent).size).toBe(20);
    const report = await service.report(run.id);
    expect(report!.usage.requests).toBe(judge.requests.length);
  });

  it("Cancel aborts what is in flight, and the report still counts every request sent", async () => {
    let held = () => {};
    const aRequestHeld = new Promise<void>((resolve) => (held = resolve));
    const { db, service, run, judge } = await setup({ holdAfterFirstSample: () => held() });
    const running = service.execute(run.id);
    // A sample is done and the next one's request is in flight (held until aborted): Cancel now.
    await aRequestHeld;
    service.cancel();
    const outcome = await running;
    expect(outcome.kind).toBe("cancelled");
    const meta = (await getRun(db, run.id))!;
    expect(meta.status).toBe("cancelled");
    expect(meta.unrecorded.requests).toBeGreaterThan(0);
    const report = await service.report(run.id);
    expect(report!.usage.requests).toBe(judge.requests.length);
  });

  it("a run whose lock another tab holds is not started here: nothing is sent", async () => {
    const locks = memoryLocks();
    const { service, run, judge } = await setup({ locks });
    locks.held.add(run.id);
    expect((await service.execute(run.id)).kind).toBe("busy");
    expect(judge.requests).toHaveLength(0);
    locks.held.delete(run.id);
    expect((await service.execute(run.id)).kind).toBe("done");
  });

  it("counts what was spent before the run (the connection check) in its usage", async () => {
    const { service, run, judge } = await setup();
    await service.execute(run.id, { spent: { requests: 1, chatRequests: 1, embeddingRequests: 0, cachedRequests: 0, promptTokens: 4, completionTokens: 1 } });
    const report = await service.report(run.id);
    expect(report!.usage.requests).toBe(judge.requests.length + 1);
  });
});
