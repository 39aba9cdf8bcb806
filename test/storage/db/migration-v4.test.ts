import "fake-indexeddb/auto";
import { openDB } from "idb";
import { describe, expect, it } from "vitest";
import type { Sample } from "../../../src/engine";
import { DB_VERSION, openAppDb, upgradeAppDb } from "../../../src/storage/db";
import { loadRunSamples } from "../../../src/storage/db/run-inputs";
import { getRun, listAllRuns, loadRunResults } from "../../../src/storage/db/runs";
import { promptsUsed } from "../../../src/storage/format/report-build";
import { faithfulnessResult } from "./helpers";

const samples: Sample[] = Array.from({ length: 3 }, (_, i) => ({ id: `s${i}`, question: `q${i}?`, answer: `a${i}.`, contexts: [`c${i}.`] }));

/** A run document as format 1 (database version 3) wrote it. */
const v1Run = (id: string, datasetId: string) => ({
  v: 1,
  id,
  datasetId,
  name: id,
  createdAt: 1,
  updatedAt: 2,
  status: "running",
  metrics: ["faithfulness"],
  repeat: 1,
  concurrency: 2,
  sampleCount: 3,
  model: "m",
  embeddingModel: "",
  baseURL: "http://127.0.0.1:1/v1",
  prompts: { "faithfulness.statements": { instruction: "Split the answer into statements.", versionName: "mine" } },
  activeMs: 5,
});

const result = (runId: string, sampleId: string) => ({
  v: 1,
  id: `${runId}\u00000\u0000${sampleId}`,
  runId,
  sampleId,
  repeat: 0,
  metrics: { faithfulness: faithfulnessResult() },
  finishedAt: 3,
});

async function version3(name: string): Promise<void> {
  const db = await openDB(name, 3, { upgrade: (d, old, _n, tx) => upgradeAppDb(d as never, old, tx as never, 3) });
  expect([...db.objectStoreNames]).not.toContain("runSamples");
  await db.put("datasets", {
    v: 1,
    id: "ds",
    name: "Support FAQ",
    createdAt: 1,
    updatedAt: 1,
    rowCount: 3,
    nextPosition: 3,
    source: { file: "a.csv", kind: "csv" },
  });
  for (const [position, sample] of samples.entries()) await db.put("datasetRows", { v: 1, datasetId: "ds", position, sample });
  await db.put("runs", v1Run("kept", "ds"));
  await db.put("runs", v1Run("orphan", "deleted-dataset"));
  await db.put("runs", { v: 1, id: "unreadable", datasetId: "ds" });
  for (const s of ["s0", "s1"]) await db.put("runResults", result("kept", s));
  await db.put("runResults", result("orphan", "s0"));
  await db.put("runResults", result("no-such-run", "s0"));
  db.close();
}

describe("database version 4: runs snapshot their inputs", () => {
  it("moves a version-3 database's runs to snapshots and drops the orphans", async () => {
    await version3("migrate-3-to-4");
    const db = await openAppDb("migrate-3-to-4");
    expect(db.version).toBe(DB_VERSION);
    expect(DB_VERSION).toBe(4);

    const raw = (await db.get("runs", "kept")) as { v: number };
    expect(raw.v).toBe(2);
    const run = await getRun(db, "kept");
    expect(run).toMatchObject({ status: "running", datasetName: "Support FAQ", sampleCount: 3, activeMs: 5 });
    expect(run?.promptsUsed).toEqual(promptsUsed(["faithfulness"], v1Run("kept", "ds").prompts as never));
    expect(run?.promptsUsed.find((p) => p.id === "faithfulness.statements")?.instruction).toBe("Split the answer into statements.");
    expect(run?.unrecorded.requests).toBe(0);
    expect((await loadRunSamples(db, "kept")).samples).toEqual(samples);
    expect((await loadRunResults(db, "kept")).entries.map((e) => e.sampleId).sort()).toEqual(["s0", "s1"]);

    // The orphaned run and both orphaned results are gone; the unreadable run is left to be reported.
    expect(await db.get("runs", "orphan")).toBeUndefined();
    expect(await db.count("runResults")).toBe(2);
    const { runs, issues } = await listAllRuns(db);
    expect(runs.map((r) => r.id)).toEqual(["kept"]);
    expect(issues.map((i) => i.key)).toEqual(["unreadable"]);
    // The dataset itself is untouched.
    expect(await db.count("datasetRows")).toBe(3);
    db.close();
  });

  it("creates the new stores on an empty database", async () => {
    const db = await openAppDb("fresh-4");
    const tx = db.transaction(["runSamples", "sampleContents"]);
    expect(tx.objectStore("runSamples").keyPath).toEqual(["runId", "position"]);
    expect([...tx.objectStore("runSamples").indexNames]).toEqual(["hash"]);
    expect(tx.objectStore("sampleContents").keyPath).toBe("hash");
    await tx.done;
    db.close();
  });

  it("reads a format-1 run document written after the upgrade (an older tab) through the doc migration", async () => {
    const db = await openAppDb("late-v1-doc");
    await db.put("runs", v1Run("late", "ds"));
    expect((await getRun(db, "late"))?.promptsUsed.length).toBeGreaterThan(0);
    db.close();
  });
});
