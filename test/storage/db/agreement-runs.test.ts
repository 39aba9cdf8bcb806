import "fake-indexeddb/auto";
import { openDB } from "idb";
import { describe, expect, it } from "vitest";
import { runAgreement } from "../../../src/engine/agreement";
import { DB_VERSION, openAppDb, upgradeAppDb } from "../../../src/storage/db/db";
import { listAgreementRuns, saveAgreementRun } from "../../../src/storage/db/agreement-runs";
import { buildAgreementFile } from "../../../src/storage/format/agreement-file";
import { scriptedJudge } from "../../engine/fake-judge";

async function smallFile(createdAt: string) {
  const fake = scriptedJudge({ "agreement.gpt_ranking.answer_relevancy": { reason: "r", choice: 2 } });
  const output = await runAgreement([{ id: "1", question: "q", answer: "a", poor_answer: "p", context_v1: ["c"] }], {
    judge: fake.judge,
    concurrency: 1,
    tasks: ["answer_relevancy"],
    methods: ["gpt_ranking"],
    seed: "s",
  });
  return buildAgreementFile({
    output,
    config: { baseURL: "http://127.0.0.1:1/v1", model: "m", concurrency: 1, tasks: ["answer_relevancy"], methods: ["gpt_ranking"], seed: "s", threshold: 0.5 },
    generator: { name: "test", version: "0" },
    createdAt: new Date(createdAt),
  });
}

describe("agreementRuns store", () => {
  it("is added by the upgrade from version 1 without touching existing data", async () => {
    // A database as version 1 left it: every step-1 store, no agreementRuns.
    const v1 = await openDB("agreement-upgrade", 1, {
      upgrade(db, old, _new, tx) {
        upgradeAppDb(db as never, old, tx as never, 1);
      },
    });
    await v1.put("settings", { v: 1, kept: true }, "probe");
    v1.close();

    const db = await openAppDb("agreement-upgrade");
    expect(db.version).toBe(DB_VERSION);
    expect(db.objectStoreNames.contains("agreementRuns")).toBe(true);
    const tx = db.transaction("agreementRuns");
    expect(tx.store.keyPath).toBe("id");
    expect([...tx.store.indexNames]).toEqual(["createdAt"]);
    await tx.done;
    expect(await db.get("settings", "probe")).toEqual({ v: 1, kept: true });
    db.close();
  });

  it("stores contract-10 files, lists them newest first and skips a record that does not parse", async () => {
    const db = await openAppDb("agreement-store");
    const older = await smallFile("2026-01-01T00:00:00.000Z");
    const newer = await smallFile("2026-02-01T00:00:00.000Z");
    await saveAgreementRun(db, "old", older);
    await saveAgreementRun(db, "new", newer);
    await db.put("agreementRuns", { id: "junk", createdAt: "2026-03-01T00:00:00.000Z", file: { format: "ragas-playground/agreement", version: 1 } });
    const { runs, unreadable } = await listAgreementRuns(db);
    expect(runs.map((r) => r.id)).toEqual(["new", "old"]);
    expect(unreadable).toBe(1);
    expect(runs[0]!.file.rows[0]).toMatchObject({ method: "gpt_ranking", task: "answer_relevancy", n: 1 });
    expect(runs[0]!.file).toEqual(newer);
    db.close();
  });
});
