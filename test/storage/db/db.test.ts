import "fake-indexeddb/auto";
import { openDB } from "idb";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DB_VERSION, openAppDb, readDoc, writeDoc, type DocType } from "../../../src/storage/db";

describe("openAppDb", () => {
  it("creates every store and index when upgrading from an empty database", async () => {
    const db = await openAppDb("upgrade-from-empty");
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual([
      "agreementRuns",
      "datasetRows",
      "datasets",
      "history",
      "promptVersions",
      "reports",
      "responseCache",
      "runResults",
      "runSamples",
      "runs",
      "sampleContents",
      "secrets",
      "settings",
    ]);
    const tx = db.transaction(["history", "responseCache", "promptVersions", "runResults", "runs", "settings"]);
    expect(tx.objectStore("history").keyPath).toBe("id");
    expect([...tx.objectStore("history").indexNames]).toEqual(["createdAt"]);
    expect(tx.objectStore("responseCache").keyPath).toBe("key");
    expect([...tx.objectStore("responseCache").indexNames]).toEqual(["lastUsed"]);
    expect([...tx.objectStore("promptVersions").indexNames]).toContain("promptId");
    expect([...tx.objectStore("runResults").indexNames]).toEqual(["runId"]);
    expect([...tx.objectStore("runs").indexNames].sort()).toEqual(["createdAt", "datasetId"]);
    expect(tx.objectStore("settings").keyPath).toBeNull();
    await tx.done;
    db.close();
  });

  it("upgrades a version-1 database to add datasetRows, keeping what was stored", async () => {
    // A database as version 1 left it (the stores step 2 must not touch, with a row in one).
    const legacy = await openDB("upgrade-from-1-legacy", 1, {
      upgrade: (db) => {
        db.createObjectStore("settings");
        db.createObjectStore("datasets", { keyPath: "id" }).createIndex("createdAt", "createdAt");
      },
    });
    await legacy.put("settings", { v: 1, kept: true }, "probe");
    legacy.close();
    const db = await openAppDb("upgrade-from-1-legacy");
    expect(db.version).toBe(DB_VERSION);
    expect(await db.get("settings", "probe")).toEqual({ v: 1, kept: true });
    const rows = db.transaction("datasetRows").store;
    expect(rows.keyPath).toEqual(["datasetId", "position"]);
    expect(rows.index("sampleId").keyPath).toEqual(["datasetId", "sample.id"]);
    expect(rows.index("sampleId").unique).toBe(true);
    // Steps 2 and 3 also add the kept-reports and agreement-run stores, each with its index.
    expect([...db.transaction("reports").store.indexNames]).toEqual(["keptAt"]);
    expect([...db.transaction("agreementRuns").store.indexNames]).toEqual(["createdAt"]);
    db.close();
  });

  it("reopens an existing database without touching its data", async () => {
    const first = await openAppDb("reopen");
    await first.put("settings", { v: 1, hello: "world" }, "probe");
    first.close();
    const second = await openAppDb("reopen");
    expect(await second.get("settings", "probe")).toEqual({ v: 1, hello: "world" });
    second.close();
  });

  it("steps aside when a newer build opens the same database", async () => {
    let told = false;
    const old = await openAppDb("version-change", { onVersionChange: () => (told = true) });
    const newer = await openDB("version-change", DB_VERSION + 1);
    expect(told).toBe(true);
    expect(newer.version).toBe(DB_VERSION + 1);
    newer.close();
    void old;
  });
});

describe("stored document versions", () => {
  type Note = { text: string; tags: string[] };
  const NOTE: DocType<Note> = {
    what: "note",
    version: 2,
    schema: z.object({ text: z.string(), tags: z.array(z.string()) }),
    // Format 1 had one `tag` string; format 2 has a list.
    migrations: { 1: ({ tag, ...rest }) => ({ ...rest, tags: typeof tag === "string" ? [tag] : [] }) },
  };

  it("writes the current version and reads it back", () => {
    const stored = writeDoc(NOTE, { text: "a", tags: [] });
    expect(stored.v).toBe(2);
    expect(readDoc(NOTE, stored)).toEqual({ ok: true, value: { text: "a", tags: [] } });
  });

  it("migrates an older document on read", () => {
    expect(readDoc(NOTE, { v: 1, text: "a", tag: "x" })).toEqual({ ok: true, value: { text: "a", tags: ["x"] } });
  });

  it("refuses a document from a newer build, and one without a version, with a message", () => {
    const newer = readDoc(NOTE, { v: 3, text: "a", tags: [] });
    expect(newer.ok).toBe(false);
    expect(!newer.ok && newer.message).toMatch(/newer version of the app/);
    expect(readDoc(NOTE, { text: "a", tags: [] }).ok).toBe(false);
    expect(readDoc(NOTE, "garbage").ok).toBe(false);
  });

  it("names the invalid field", () => {
    const bad = readDoc(NOTE, { v: 2, text: 5, tags: [] });
    expect(!bad.ok && bad.message).toMatch(/text/);
  });
});
