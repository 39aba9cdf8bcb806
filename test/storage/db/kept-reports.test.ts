import "fake-indexeddb/auto";
import { openDB } from "idb";
import { describe, expect, it } from "vitest";
import { DB_VERSION, openAppDb, upgradeAppDb } from "../../../src/storage/db";
import { deleteKeptReport, keepReport, listKeptReports, openKeptReport } from "../../../src/storage/db/kept-reports";
import { serializeReport } from "../../../src/storage/format/report";
import { fakeReport } from "../format/report-fixture";
import { freshDb } from "./helpers";

describe("database version 2: the reports store", () => {
  it("upgrades a version-1 database, keeping its data and adding reports", async () => {
    const name = "upgrade-1-to-2";
    // Version 1's layout: every step, minus what step 2 added.
    const v1 = await openDB(name, 1, {
      upgrade: (db, old) => {
        upgradeAppDb(db as never, old, undefined, 1);
      },
    });
    expect(v1.objectStoreNames.contains("reports")).toBe(false);
    await v1.put("history", { id: "h1", createdAt: 1 });
    v1.close();
    const db = await openAppDb(name);
    expect(db.version).toBe(DB_VERSION);
    expect(await db.get("history", "h1")).toEqual({ id: "h1", createdAt: 1 });
    const tx = db.transaction("reports");
    expect(tx.objectStore("reports").keyPath).toBe("id");
    expect([...tx.objectStore("reports").indexNames]).toEqual(["keptAt"]);
    await tx.done;
    db.close();
  });
});

describe("kept reports", () => {
  it("keeps a report as text, lists it newest first, opens it through parseReport, deletes it", async () => {
    const db = await freshDb();
    const report = fakeReport();
    const first = await keepReport(db, { name: "a.json", text: serializeReport(report), samples: 2 }, 1000);
    await keepReport(db, { name: "b.json", text: serializeReport(report), samples: 2 }, 2000);
    expect((await listKeptReports(db)).map((r) => [r.name, r.keptAt, r.samples])).toEqual([
      ["b.json", 2000, 2],
      ["a.json", 1000, 2],
    ]);
    expect(await openKeptReport(db, first)).toEqual({ ok: true, report });
    await deleteKeptReport(db, first);
    expect((await listKeptReports(db)).map((r) => r.name)).toEqual(["b.json"]);
    db.close();
  });

  it("a stored row that was tampered with is refused on open, like a file", async () => {
    const db = await freshDb();
    const doc = JSON.parse(serializeReport(fakeReport()));
    doc.results[0].metrics.faithfulness.score = 0.9;
    const id = await keepReport(db, { name: "bad.json", text: JSON.stringify(doc), samples: 2 });
    const opened = await openKeptReport(db, id);
    expect(opened?.ok).toBe(false);
    await db.put("reports", { id: "junk", v: 1, keptAt: 5 });
    const issues: string[] = [];
    expect((await listKeptReports(db, (m) => issues.push(m))).map((r) => r.id)).toEqual([id]);
    expect(issues).toHaveLength(1);
    db.close();
  });
});
