import { describe, expect, it } from "vitest";
import { defaultSettings, forgetKey, loadRememberedKey, rememberKey, saveSettings, addHistoryEntry } from "../../../src/storage/db";
import { freshDb, sample } from "./helpers";

/** Every value in every store, as one string, to prove where the key is (and is not). */
async function everything(db: Awaited<ReturnType<typeof freshDb>>): Promise<string> {
  const parts: unknown[] = [];
  for (const store of db.objectStoreNames) parts.push(await db.getAll(store));
  return JSON.stringify(parts);
}

describe("the API key", () => {
  it("is not stored unless the user opts in", async () => {
    const db = await freshDb();
    await saveSettings(db, { ...defaultSettings(), rememberKey: false });
    await addHistoryEntry(db, { sample, metrics: [], results: {}, model: "m", demo: false });
    expect(await loadRememberedKey(db)).toEqual({ key: undefined, issues: [] });
    expect(await db.count("secrets")).toBe(0);
  });

  it("is stored only in the secrets store when remembered, and gone after forget", async () => {
    const db = await freshDb();
    await rememberKey(db, "sk-test-123");
    expect((await loadRememberedKey(db)).key).toBe("sk-test-123");
    const stored = await everything(db);
    expect(stored.split("sk-test-123")).toHaveLength(2);
    expect(JSON.stringify(await db.getAll("secrets"))).toContain("sk-test-123");

    await forgetKey(db);
    expect((await loadRememberedKey(db)).key).toBeUndefined();
    expect(await everything(db)).not.toContain("sk-test-123");
  });

  it("an unreadable row is reported without echoing its content", async () => {
    const db = await freshDb();
    await db.put("secrets", { v: 1, key: 42, leaked: "sk-zzz" }, "apiKey");
    const { key, issues } = await loadRememberedKey(db);
    expect(key).toBeUndefined();
    expect(issues).toHaveLength(1);
    expect(JSON.stringify(issues)).not.toContain("sk-zzz");
  });

  it("an empty key is refused", async () => {
    const db = await freshDb();
    await expect(rememberKey(db, "  ")).rejects.toThrow();
  });
});
