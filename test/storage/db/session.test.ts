import { describe, expect, it } from "vitest";
import { addLastSessionResult, clearLastSession, loadLastSession, saveLastSession } from "../../../src/storage/db";
import { faithfulnessResult, freshDb, sample } from "./helpers";

describe("last session", () => {
  it("is empty at first", async () => {
    const db = await freshDb();
    expect(await loadLastSession(db)).toEqual({ session: undefined, issues: [] });
  });

  it("brings back the sample and its results after a reload", async () => {
    const db = await freshDb();
    await saveLastSession(db, { sample, metrics: ["faithfulness", "context_recall"], results: {} });
    await addLastSessionResult(db, "faithfulness", faithfulnessResult(0.75));
    // The run "crashes" here: context_recall never finishes. A reload still has faithfulness.
    const { session, issues } = await loadLastSession(db);
    expect(issues).toEqual([]);
    expect(session?.sample).toEqual(sample);
    expect(session?.metrics).toEqual(["faithfulness", "context_recall"]);
    expect(session?.results.faithfulness?.score).toBe(0.75);
    expect(session?.results.context_recall).toBeUndefined();
  });

  it("a new sample replaces the old session and its results", async () => {
    const db = await freshDb();
    await saveLastSession(db, { sample, metrics: ["faithfulness"], results: { faithfulness: faithfulnessResult() } });
    await saveLastSession(db, { sample: { ...sample, question: "Changed?" }, metrics: ["faithfulness"], results: {} });
    const { session } = await loadLastSession(db);
    expect(session?.sample.question).toBe("Changed?");
    expect(session?.results).toEqual({});
  });

  it("an unreadable session is reported and the playground starts empty", async () => {
    const db = await freshDb();
    await db.put("settings", { v: 1, sample: "nope" }, "lastSession");
    const { session, issues } = await loadLastSession(db);
    expect(session).toBeUndefined();
    expect(issues[0]).toMatchObject({ store: "settings", key: "lastSession" });
    expect(await addLastSessionResult(db, "faithfulness", faithfulnessResult())).toBe(false);
  });

  it("can be cleared", async () => {
    const db = await freshDb();
    await saveLastSession(db, { sample, metrics: [], results: {} });
    await clearLastSession(db);
    expect((await loadLastSession(db)).session).toBeUndefined();
  });
});
