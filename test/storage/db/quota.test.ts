import { afterEach, describe, expect, it, vi } from "vitest";
import {
  StorageFullError,
  addHistoryEntry,
  addHistoryResult,
  getHistoryEntry,
  defaultSettings,
  isQuotaError,
  loadSettings,
  saveSettings,
  storageEstimate,
  withQuota,
} from "../../../src/storage/db";
import { freshDb, sample, simulateQuotaExceeded } from "./helpers";

afterEach(() => vi.unstubAllGlobals());

describe("storage full", () => {
  it("a transaction aborted by the quota becomes a StorageFullError, and nothing is saved", async () => {
    const db = await freshDb();
    const restore = simulateQuotaExceeded();
    try {
      await expect(saveSettings(db, { ...defaultSettings(), model: "x" })).rejects.toBeInstanceOf(StorageFullError);
      await expect(addHistoryEntry(db, { sample, metrics: [], results: {}, model: "m", demo: false })).rejects.toThrow(
        /delete old history entries, clear the response cache, or export/,
      );
    } finally {
      restore();
    }
    expect((await loadSettings(db)).settings.model).toBe(defaultSettings().model);
    expect(await db.count("history")).toBe(0);
  });

  it("a multi-step write (read, merge, put) maps the abort the same way and keeps the old row", async () => {
    const db = await freshDb();
    await addHistoryEntry(db, { id: "e", sample, metrics: [], results: {}, model: "m", demo: false });
    const restore = simulateQuotaExceeded();
    try {
      const result = { score: null, error: { code: "cancelled" as const, message: "x" }, trace: { calls: [] } };
      await expect(addHistoryResult(db, "e", "faithfulness", result)).rejects.toBeInstanceOf(StorageFullError);
    } finally {
      restore();
    }
    expect((await getHistoryEntry(db, "e")).entry?.results).toEqual({});
  });

  it("recognises the shapes browsers use", () => {
    expect(isQuotaError(new DOMException("full", "QuotaExceededError"))).toBe(true);
    expect(isQuotaError({ name: "NS_ERROR_DOM_QUOTA_REACHED" })).toBe(true);
    expect(isQuotaError({ name: "AbortError", inner: { name: "QuotaExceededError" } })).toBe(true);
    expect(isQuotaError({ code: 22 })).toBe(true);
    expect(isQuotaError(new DOMException("aborted", "AbortError"))).toBe(false);
    expect(isQuotaError(undefined)).toBe(false);
  });

  it("other errors pass through unchanged", async () => {
    const boom = new Error("boom");
    await expect(withQuota(() => Promise.reject(boom))).rejects.toBe(boom);
  });
});

describe("storageEstimate", () => {
  it("is undefined where the browser cannot tell", async () => {
    vi.stubGlobal("navigator", {});
    expect(await storageEstimate()).toBeUndefined();
  });

  it("reports usage and quota when available", async () => {
    vi.stubGlobal("navigator", { storage: { estimate: async () => ({ usage: 10, quota: 100 }) } });
    expect(await storageEstimate()).toEqual({ usage: 10, quota: 100 });
  });
});

describe("a full disk names what was not saved", () => {
  it("a dataset import: named with its size, and the datasets stored before stay", async () => {
    const { createDataset, listDatasets } = await import("../../../src/storage/db/datasets");
    const db = await freshDb();
    await createDataset(db, { name: "kept", source: { file: "a.csv", kind: "csv" }, samples: [sample] });
    const restore = simulateQuotaExceeded();
    try {
      await expect(createDataset(db, { name: "FAQ", source: { file: "b.csv", kind: "csv" }, samples: [sample, { ...sample, id: "s2" }] })).rejects.toThrow(
        /^The dataset “FAQ” \(2 rows\) could not be saved, and nothing saved before was lost\./,
      );
    } finally {
      restore();
    }
    expect((await listDatasets(db)).datasets.map((d) => d.name)).toEqual(["kept"]);
    expect(await db.count("datasetRows")).toBe(1);
  });

  it("a run's result: named by sample, and the results journaled before stay", async () => {
    const { idbJournal, loadRunResults } = await import("../../../src/storage/db/runs");
    const db = await freshDb();
    const journal = idbJournal(db, "r");
    const metrics = { faithfulness: (await import("./helpers")).faithfulnessResult() };
    await journal.append({ sampleId: "s1", repeat: 0, metrics });
    const restore = simulateQuotaExceeded();
    try {
      await expect(journal.append({ sampleId: "s2", repeat: 0, metrics })).rejects.toThrow(/The result of sample “s2”.*could not be saved/);
    } finally {
      restore();
    }
    expect((await loadRunResults(db, "r")).entries.map((e) => e.sampleId)).toEqual(["s1"]);
  });
});

describe("storagePersisted", () => {
  it("says what the browser granted, false where it cannot tell", async () => {
    const { storagePersisted } = await import("../../../src/storage/db/quota");
    vi.stubGlobal("navigator", { storage: { persisted: async () => true } });
    expect(await storagePersisted()).toBe(true);
    vi.stubGlobal("navigator", {});
    expect(await storagePersisted()).toBe(false);
  });
});
