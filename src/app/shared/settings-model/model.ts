import { defaultPriceRows, type PriceRow } from "../../../storage/prices";
import { PROVIDERS, type ProviderId } from "./providers";

/**
 * What the Settings panel edits. The API key is NOT part of it: the key lives in memory (the
 * store's apiKey) and reaches IndexedDB only through the explicit "Remember on this device" path.
 */
export interface AppSettings {
  provider: ProviderId;
  baseURL: string;
  model: string;
  embeddingModel: string;
  /** Empty: embeddings go to baseURL. */
  embeddingBaseURL: string;
  azureApiVersion: string;
  temperature: number;
  concurrency: number;
  timeoutSec: number;
  maxRetries: number;
  /** null: decided by the host (kept only for api.openai.com, which allows them). */
  stripSdkHeaders: boolean | null;
  rememberKey: boolean;
  prices: PriceRow[];
}

export const DEFAULT_SETTINGS: AppSettings = {
  provider: "openai",
  baseURL: PROVIDERS.openai.baseURL,
  model: PROVIDERS.openai.model,
  embeddingModel: PROVIDERS.openai.embeddingModel,
  embeddingBaseURL: "",
  azureApiVersion: "2024-10-21",
  temperature: 0,
  concurrency: 8,
  timeoutSec: 60,
  // The retry budget the README sizes for 30% 429 + 10% 500 + 10% cut-off replies (< 1% of results lost).
  maxRetries: 8,
  stripSdkHeaders: null,
  rememberKey: false,
  prices: defaultPriceRows(),
};

/** Choosing a preset fills what it knows and keeps the rest (a custom server keeps its URL). */
export function applyProvider(settings: AppSettings, provider: ProviderId): AppSettings {
  const preset = PROVIDERS[provider];
  return {
    ...settings,
    provider,
    baseURL: preset.baseURL || settings.baseURL,
    model: preset.model || settings.model,
    embeddingModel: preset.id === "custom" ? settings.embeddingModel : preset.embeddingModel,
    stripSdkHeaders: null,
  };
}
