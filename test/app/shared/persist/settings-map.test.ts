import { describe, expect, test } from "vitest";
import { settingsSchema } from "../../../../src/storage/db/settings";
import { fromStored, toStored } from "../../../../src/app/shared/persist/settings-map";
import { applyProvider, DEFAULT_SETTINGS } from "../../../../src/app/shared/settings-model/model";
import { transportInput } from "../../../../src/app/shared/ports/transport";

describe("settings as stored", () => {
  test("round-trip through the storage schema", () => {
    const settings = { ...applyProvider(DEFAULT_SETTINGS, "ollama"), temperature: 0.3, concurrency: 3, timeoutSec: 20, maxRetries: 2, rememberKey: true };
    const stored = settingsSchema.parse(toStored(settings, { language: "zh", bypassCache: true }));
    const back = fromStored(stored);
    expect(back.language).toBe("zh");
    expect(back.bypassCache).toBe(true);
    expect(back.settings).toEqual({ ...settings, azureApiVersion: DEFAULT_SETTINGS.azureApiVersion });
  });

  test("prices with an empty model name are not stored; the key never is", () => {
    const stored = toStored(
      {
        ...DEFAULT_SETTINGS,
        prices: [
          { model: " ", input: 1, output: 1 },
          { model: "m", input: 1, output: 2 },
        ],
      },
      { language: "en", bypassCache: false },
    );
    expect(stored.prices).toEqual({ m: { input: 1, output: 2 } });
    expect(JSON.stringify(stored)).not.toMatch(/apiKey|sk-/);
  });

  test("a provider preset fills the base URL and resets the header switch to automatic", () => {
    const lm = applyProvider({ ...DEFAULT_SETTINGS, stripSdkHeaders: false }, "lmstudio");
    expect(lm.baseURL).toBe("http://localhost:1234/v1");
    expect(lm.stripSdkHeaders).toBeNull();
    const custom = applyProvider(lm, "custom");
    expect(custom.baseURL).toBe(lm.baseURL);
  });

  test("the transport config carries the in-memory key, the Azure flavour and the optional embeddings server", () => {
    const azure = transportInput({ ...applyProvider(DEFAULT_SETTINGS, "azure"), embeddingBaseURL: " https://e.example/v1 " }, " k ");
    expect(azure.provider).toBe("azure");
    expect(azure.apiKey).toBe("k");
    expect(azure.embeddingBaseURL).toBe("https://e.example/v1");
    expect("stripSdkHeaders" in azure).toBe(false);
  });
});
