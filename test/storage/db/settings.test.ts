import { describe, expect, it } from "vitest";
import { DEFAULT_PRICES, defaultSettings, loadSettings, saveSettings } from "../../../src/storage/db";
import { freshDb } from "./helpers";

describe("settings", () => {
  it("are the defaults when nothing was saved", async () => {
    const db = await freshDb();
    const { settings, issues } = await loadSettings(db);
    expect(issues).toEqual([]);
    expect(settings).toMatchObject({
      provider: "openai",
      temperature: 0,
      concurrency: 8,
      timeoutMs: 60_000,
      maxRetries: 4,
      rememberKey: false,
      language: "en",
      bypassCache: false,
    });
    expect(settings.prices["gpt-4o-mini"]).toEqual(DEFAULT_PRICES["gpt-4o-mini"]);
    expect(settings.prices["text-embedding-3-small"]?.output).toBe(0);
  });

  it("round-trip", async () => {
    const db = await freshDb();
    const changed = {
      ...defaultSettings(),
      provider: "ollama" as const,
      baseURL: "http://localhost:11434/v1",
      model: "qwen2.5:7b",
      language: "zh" as const,
      prices: { "qwen2.5:7b": { input: 0, output: 0 } },
    };
    await saveSettings(db, changed);
    const { settings, issues } = await loadSettings(db);
    expect(issues).toEqual([]);
    expect(settings).toEqual(changed);
  });

  it("never store an API key, even one slipped into the object", async () => {
    const db = await freshDb();
    await saveSettings(db, { ...defaultSettings(), apiKey: "sk-secret" } as never);
    expect(JSON.stringify(await db.get("settings", "settings"))).not.toContain("sk-secret");
  });

  it("refuse an invalid value on save", async () => {
    const db = await freshDb();
    await expect(saveSettings(db, { ...defaultSettings(), concurrency: 0 })).rejects.toThrow();
  });

  it("keep the valid fields of a corrupt document and report the reset ones", async () => {
    const db = await freshDb();
    await db.put("settings", { v: 1, ...defaultSettings(), model: "my-model", temperature: "hot", prices: { x: { input: -1, output: 0 } } }, "settings");
    const { settings, issues } = await loadSettings(db);
    expect(settings.model).toBe("my-model");
    expect(settings.temperature).toBe(0);
    expect(settings.prices).toEqual(DEFAULT_PRICES);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toMatch(/temperature, prices/);
  });

  it("fall back to the defaults with an issue when unreadable", async () => {
    const db = await freshDb();
    await db.put("settings", "garbage", "settings");
    const { settings, issues } = await loadSettings(db);
    expect(settings).toEqual(defaultSettings());
    expect(issues).toEqual([{ store: "settings", key: "settings", message: expect.stringMatching(/not an object/) }]);
  });
});
