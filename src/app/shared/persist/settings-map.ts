import type { Settings } from "../../../storage/db/settings";
import type { Lang } from "../i18n/lang";
import { DEFAULT_SETTINGS, type AppSettings } from "../settings-model/model";
import type { PriceRow } from "../../../storage/prices";
import { isProviderId } from "../settings-model/providers";

/**
 * The panel edits prices as rows (a model name can be renamed in place); storage keeps them as a
 * record. Everything else maps one to one; nothing here ever carries the API key.
 */
export function toStored(settings: AppSettings, extra: { language: Lang; bypassCache: boolean }): Settings {
  const prices: Settings["prices"] = {};
  for (const row of settings.prices) {
    const name = row.model.trim();
    if (!name) continue;
    prices[name] = { input: nonNegative(row.input), output: nonNegative(row.output) };
    if (row.batchInput !== undefined) prices[name].batchInput = nonNegative(row.batchInput);
    if (row.batchOutput !== undefined) prices[name].batchOutput = nonNegative(row.batchOutput);
  }
  const stored: Settings = {
    provider: settings.provider,
    baseURL: settings.baseURL,
    model: settings.model,
    embeddingModel: settings.embeddingModel,
    temperature: clamp(settings.temperature, 0, 2),
    concurrency: Math.round(clamp(settings.concurrency, 1, 64)),
    timeoutMs: Math.round(clamp(settings.timeoutSec, 1, 600) * 1000),
    maxRetries: Math.round(clamp(settings.maxRetries, 0, 10)),
    ...(settings.stripSdkHeaders !== null ? { stripSdkHeaders: settings.stripSdkHeaders } : {}),
    rememberKey: settings.rememberKey,
    language: extra.language,
    bypassCache: extra.bypassCache,
    prices,
  };
  if (settings.embeddingBaseURL.trim()) stored.embeddingBaseURL = settings.embeddingBaseURL.trim();
  // Not in the storage schema yet: zod drops unknown keys, so it is simply not kept until it is.
  (stored as Settings & { azureApiVersion?: string }).azureApiVersion = settings.azureApiVersion;
  return stored;
}

export function fromStored(stored: Settings): { settings: AppSettings; language: Lang; bypassCache: boolean } {
  const prices: PriceRow[] = Object.entries(stored.prices).map(([model, p]) => ({
    model,
    input: p.input,
    output: p.output,
    ...(p.batchInput !== undefined ? { batchInput: p.batchInput } : {}),
    ...(p.batchOutput !== undefined ? { batchOutput: p.batchOutput } : {}),
  }));
  const azure = (stored as Settings & { azureApiVersion?: unknown }).azureApiVersion;
  return {
    settings: {
      ...DEFAULT_SETTINGS,
      provider: isProviderId(stored.provider) ? stored.provider : DEFAULT_SETTINGS.provider,
      baseURL: stored.baseURL,
      model: stored.model,
      embeddingModel: stored.embeddingModel,
      embeddingBaseURL: stored.embeddingBaseURL ?? "",
      azureApiVersion: typeof azure === "string" && azure ? azure : DEFAULT_SETTINGS.azureApiVersion,
      temperature: stored.temperature,
      concurrency: stored.concurrency,
      timeoutSec: Math.round(stored.timeoutMs / 1000),
      maxRetries: stored.maxRetries,
      stripSdkHeaders: stored.stripSdkHeaders ?? null,
      rememberKey: stored.rememberKey,
      prices,
    },
    language: stored.language,
    bypassCache: stored.bypassCache,
  };
}

function clamp(n: number, lo: number, hi: number): number {
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : lo;
}

function nonNegative(n: number): number {
  return Number.isFinite(n) && n > 0 ? n : 0;
}
