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
