/**
 * Provider presets: each fills the base URL (and sensible models) and says what that server needs
 * before a browser page may call it (ux-anchors 3.1). The help text lives in the i18n catalogue;
 * the command lines are built here because they carry this page's origin.
 */
export const PROVIDER_IDS = ["openai", "azure", "openrouter", "ollama", "lmstudio", "vllm", "custom"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export interface ProviderPreset {
  id: ProviderId;
  baseURL: string;
  model: string;
  embeddingModel: string;
  /** Hosted APIs refuse calls without a key; local servers usually need none. */
  needsKey: boolean;
}

export const PROVIDERS: Record<ProviderId, ProviderPreset> = {
  openai: { id: "openai", baseURL: "https://api.openai.com/v1", model: "gpt-4o-mini", embeddingModel: "text-embedding-3-small", needsKey: true },
  azure: { id: "azure", baseURL: "https://YOUR-RESOURCE.openai.azure.com", model: "gpt-4o-mini", embeddingModel: "text-embedding-3-small", needsKey: true },
  openrouter: {
    id: "openrouter",
    baseURL: "https://openrouter.ai/api/v1",
    model: "openai/gpt-4o-mini",
    embeddingModel: "openai/text-embedding-3-small",
    needsKey: true,
  },
  ollama: { id: "ollama", baseURL: "http://localhost:11434/v1", model: "qwen2.5:7b-instruct", embeddingModel: "nomic-embed-text", needsKey: false },
  lmstudio: {
    id: "lmstudio",
    baseURL: "http://localhost:1234/v1",
    model: "qwen2.5-7b-instruct",
    embeddingModel: "text-embedding-nomic-embed-text-v1.5",
    needsKey: false,
  },
  vllm: { id: "vllm", baseURL: "http://localhost:8000/v1", model: "Qwen/Qwen2.5-7B-Instruct", embeddingModel: "", needsKey: false },
  custom: { id: "custom", baseURL: "", model: "", embeddingModel: "", needsKey: false },
};

export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === "string" && (PROVIDER_IDS as readonly string[]).includes(value);
}

/** The command or setting line to show for a provider, with this page's origin filled in. */
export function corsCommand(provider: ProviderId, origin: string): string | undefined {
  switch (provider) {
    case "ollama":
      return `OLLAMA_ORIGINS=${origin} ollama serve`;
    case "lmstudio":
      return "lms server start --cors";
    case "vllm":
      return `vllm serve MODEL --allowed-origins '["${origin}"]'`;
    case "custom":
      return `Access-Control-Allow-Origin: ${origin}\nAccess-Control-Allow-Headers: authorization, content-type`;
    default:
      return undefined;
  }
}

/**
 * The preset whose advice applies: a hosted preset pointed at another host (say OpenAI with a
 * local URL) is really a custom server, and gets the custom server's advice.
 */
export function effectiveProvider(provider: ProviderId, baseURL: string): ProviderId {
  if (provider !== "openai" && provider !== "openrouter") return provider;
  try {
    return new URL(baseURL.trim()).host === new URL(PROVIDERS[provider].baseURL).host ? provider : "custom";
  } catch {
    return provider;
  }
}

/** The page's origin as a server's allow-list needs it ("null" for file:// pages). */
export function pageOrigin(): string {
  return typeof location === "undefined" ? "http://localhost:4173" : location.origin;
}

/**
 * The preset a typed base URL belongs to, so the provider select follows what the user typed:
 * api.openai.com is OpenAI, openrouter.ai OpenRouter, *.openai.azure.com Azure, the local
 * servers by their default port on this machine; any other URL is a custom server, unless a
 * self-hosted preset is chosen. A URL still being typed keeps the current choice.
 */
export function providerForUrl(baseURL: string, current: ProviderId): ProviderId {
  let url: URL;
  try {
    url = new URL(baseURL.trim());
  } catch {
    return current;
  }
  const host = url.hostname.toLowerCase();
  // "https://api." is still being typed: no name ends in a dot, and a bare word is not a host yet.
  if (host.endsWith(".") || (!host.includes(".") && !host.includes(":") && host !== "localhost")) return current;
  if (host === "api.openai.com") return "openai";
  if (host === "openrouter.ai") return "openrouter";
  if (host.endsWith(".openai.azure.com") || host.endsWith(".cognitiveservices.azure.com")) return "azure";
  const local = host === "localhost" || host === "127.0.0.1" || host === "::1" || host === "[::1]";
  if (local) {
    const byPort = (["ollama", "lmstudio", "vllm"] as const).find((id) => new URL(PROVIDERS[id].baseURL).port === url.port);
    if (byPort) return byPort;
  }
  // A self-hosted preset stays chosen on another port or machine (Ollama on :11435, vLLM on a GPU box).
  const selfHosted = current === "ollama" || current === "lmstudio" || current === "vllm";
  return selfHosted ? current : "custom";
}
