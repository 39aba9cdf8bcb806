import type { ResponseCache, TransportConfigInput } from "../../../llm";
import { isOpenAiHost } from "../../../llm/config";
import type { AppSettings } from "../settings-model/model";
import { effectiveProvider, PROVIDERS } from "../settings-model/providers";

/** The llm layer's config from what the panel edits plus the in-memory key. */
export function transportInput(settings: AppSettings, apiKey: string, cache?: ResponseCache): TransportConfigInput {
  const input: TransportConfigInput = {
    baseURL: settings.baseURL,
    apiKey: apiKey.trim(),
    model: settings.model,
    provider: settings.provider === "azure" ? "azure" : "openai-compatible",
    providerHint: providerHint(settings),
    azureApiVersion: settings.azureApiVersion || undefined,
    temperature: settings.temperature,
    timeoutMs: Math.max(1, Math.round(settings.timeoutSec * 1000)),
    maxRetries: settings.maxRetries,
  };
  if (settings.stripSdkHeaders !== null) input.stripSdkHeaders = settings.stripSdkHeaders;
  if (settings.embeddingModel.trim()) input.embeddingModel = settings.embeddingModel.trim();
  if (settings.embeddingBaseURL.trim()) input.embeddingBaseURL = settings.embeddingBaseURL.trim();
  if (cache) input.cache = cache;
  return input;
}

/** Hosted APIs refuse calls without a key, so with none we fall back to the demo judge. */
export function keyMissing(settings: AppSettings, apiKey: string): boolean {
  return PROVIDERS[settings.provider].needsKey && apiKey.trim() === "";
}

/** describeError's provider hint for a preset ("custom" has no specific advice). */
export function providerHint(settings: AppSettings): string {
  const provider = effectiveProvider(settings.provider, settings.baseURL);
  return provider === "custom" ? "generic" : provider;
}

/** What the switch shows: the user's choice, or the host-based default the transport applies. */
export function effectiveStrip(settings: AppSettings): boolean {
  return settings.stripSdkHeaders ?? !isOpenAiHost(settings.baseURL.trim());
}
