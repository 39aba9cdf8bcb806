import { describe, expect, it } from "vitest";
import { addHistoryEntry, addHistoryResult, deleteHistoryEntry, getHistoryEntry, listHistory, pruneHistory } from "../../../src/storage/db";
import type { MetricResult } from "../../../src/engine";
import { faithfulnessResult, freshDb, sample } from "./helpers";

const base = { sample, metrics: ["faithfulness" as const], results: {}, model: "gpt-4o-mini", demo: false };

describe("history", () => {
  it("round-trips an entry with its results", async () => {
    const db = await freshDb();
    const added = await addHistoryEntry(db, { ...base, results: { faithfulness: faithfulnessResult() } });
    expect(added.id).toMatch(/\S/);
    const { entry, issues } = await getHistoryEntry(db, added.id);
    expect(issues).toEqual([]);
    expect(entry).toEqual(added);
    expect(entry?.results.faithfulness?.score).toBe(1);
  });

  it("lists newest first, up to the limit", async () => {
    const db = await freshDb();
    for (const [id, createdAt] of [
      ["a", 100],
      ["c", 300],
      ["b", 200],
    ] as const)
      await addHistoryEntry(db, { ...base, id, createdAt });
    expect((await listHistory(db)).entries.map((e) => e.id)).toEqual(["c", "b", "a"]);
    expect((await listHistory(db, 2)).entries.map((e) => e.id)).toEqual(["c", "b"]);
  });

  it("skips a corrupt row and reports it, without losing the others", async () => {
    const db = await freshDb();
    await addHistoryEntry(db, { ...base, id: "good", createdAt: 1 });
    await db.put("history", { v: 1, id: "bad", createdAt: 2, sample: { question: 7 }, metrics: [], results: {}, model: "m", demo: false });
    await db.put("history", {
      v: 1,
      id: "bad-trace",
      createdAt: 3,
      sample,
      metrics: ["faithfulness"],
      results: { faithfulness: { score: 1, trace: { calls: [], statements: "oops" } } },
      model: "m",
      demo: false,
    });
    const { entries, issues } = await listHistory(db);
    expect(entries.map((e) => e.id)).toEqual(["good"]);
    expect(issues.map((i) => i.key)).toEqual(["bad-trace", "bad"]);
    expect(issues[0]!.message).toMatch(/history entry is invalid \(results\.faithfulness\.trace\.statements/);
    expect((await getHistoryEntry(db, "bad")).issues).toHaveLength(1);
  });

  it("deletes an entry, corrupt or not", async () => {
    const db = await freshDb();
    await addHistoryEntry(db, { ...base, id: "x" });
    await db.put("history", { v: 1, id: "junk", createdAt: 5 });
    await deleteHistoryEntry(db, "x");
    await deleteHistoryEntry(db, "junk");
    expect(await db.count("history")).toBe(0);
    expect((await getHistoryEntry(db, "x")).entry).toBeUndefined();
  });

  it("adds results one metric at a time, also when they finish together", async () => {
    const db = await freshDb();
    await addHistoryEntry(db, { ...base, id: "run", metrics: [] });
    const noCalls: MetricResult = { score: null, error: { code: "missing_input", message: "needs a reference" }, trace: { calls: [] } };
    await Promise.all([addHistoryResult(db, "run", "faithfulness", faithfulnessResult(0.5)), addHistoryResult(db, "run", "context_recall", noCalls)]);
    const { entry } = await getHistoryEntry(db, "run");
    expect(entry?.results.faithfulness?.score).toBe(0.5);
    expect(entry?.results.context_recall?.error?.code).toBe("missing_input");
    expect(entry?.metrics.sort()).toEqual(["context_recall", "faithfulness"]);
    expect(await addHistoryResult(db, "missing", "faithfulness", faithfulnessResult())).toBe(false);
  });

  it("refuses to write a result that would make the entry unreadable", async () => {
    const db = await freshDb();
    await addHistoryEntry(db, { ...base, id: "e" });
    await expect(addHistoryResult(db, "e", "faithfulness", { score: 2, trace: { calls: [] } })).rejects.toThrow(/not stored/);
    expect((await getHistoryEntry(db, "e")).entry?.id).toBe("e");
  });

  it("prunes all but the newest entries", async () => {
    const db = await freshDb();
    for (let i = 0; i < 5; i++) await addHistoryEntry(db, { ...base, id: `e${i}`, createdAt: i });
    expect(await pruneHistory(db, 2)).toBe(3);
    expect((await listHistory(db)).entries.map((e) => e.id)).toEqual(["e4", "e3"]);
  });

  it("keeps the thresholds an entry was scored with (format 2); a format 1 entry reads as it was, with none", async () => {
    const db = await freshDb();
    await addHistoryEntry(db, { ...base, id: "with", createdAt: 2, thresholds: { faithfulness: 0.8 }, results: { faithfulness: faithfulnessResult(0.5) } });
    expect(await db.get("history", "with")).toMatchObject({ v: 2 });
    expect((await getHistoryEntry(db, "with")).entry?.thresholds).toEqual({ faithfulness: 0.8 });
    // Written by the app before format 2.
    await db.put("history", { v: 1, id: "old", createdAt: 1, sample, metrics: ["faithfulness"], results: {}, model: "m", demo: false });
    const { entries, issues } = await listHistory(db);
    expect(issues).toEqual([]);
    expect(entries.map((e) => [e.id, e.thresholds])).toEqual([
      ["with", { faithfulness: 0.8 }],
      ["old", undefined],
    ]);
    // A threshold outside [0, 1] is never stored.
    await expect(addHistoryEntry(db, { ...base, id: "bad", thresholds: { faithfulness: 2 } })).rejects.toThrow();
  });
});
