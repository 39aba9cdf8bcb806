import { describe, expect, it } from "vitest";
import { providerForUrl } from "../../../../src/app/shared/settings-model/providers";

describe("the provider select follows a typed base URL", () => {
  it("names the preset a URL belongs to, else a custom server", () => {
    expect(providerForUrl("https://api.deepseek.com/v1", "openai")).toBe("custom");
    expect(providerForUrl("https://api.openai.com/v1", "custom")).toBe("openai");
    expect(providerForUrl("https://openrouter.ai/api/v1", "openai")).toBe("openrouter");
    expect(providerForUrl("https://my-res.openai.azure.com", "custom")).toBe("azure");
    expect(providerForUrl("http://localhost:11434/v1", "openai")).toBe("ollama");
    expect(providerForUrl("http://127.0.0.1:1234/v1", "custom")).toBe("lmstudio");
    expect(providerForUrl("http://localhost:8000/v1", "openai")).toBe("vllm");
  });

  it("keeps the choice while the URL is half typed, and a self-hosted preset on another port or machine", () => {
    expect(providerForUrl("https://api.", "openai")).toBe("openai");
    expect(providerForUrl("", "ollama")).toBe("ollama");
    expect(providerForUrl("http://localhost:11435/v1", "ollama")).toBe("ollama");
    expect(providerForUrl("http://gpu-box.lan:8000/v1", "vllm")).toBe("vllm");
    expect(providerForUrl("http://gpu-box.lan:8000/v1", "openai")).toBe("custom");
  });
});
