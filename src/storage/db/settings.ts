import { z } from "zod";
import type { AppDb } from "./db";
import { docType, readDoc, type StorageIssue, writeDoc } from "./doc";
import { withQuota } from "./quota";
import { DOC_KEYS } from "./schema";
import { DEFAULT_PRICES } from "../prices";

export { DEFAULT_PRICES } from "../prices";

const PROVIDERS = ["openai", "azure", "openrouter", "ollama", "lmstudio", "vllm", "custom"] as const;

const LANGUAGES = ["en", "zh"] as const;

const price = z.object({
  input: z.number().nonnegative().finite(),
  output: z.number().nonnegative().finite(),
  // The Batch API's prices (issue 18); absent in settings stored before them: half the list price.
  batchInput: z.number().nonnegative().finite().optional(),
  batchOutput: z.number().nonnegative().finite().optional(),
});

/**
 * What the app remembers between visits. It has NO field for the API key, and zod drops unknown
 * keys, so a key that slipped into the object by accident is never written (see keys.ts).
 */
export const settingsSchema = z.object({
  provider: z.enum(PROVIDERS).default("openai"),
  baseURL: z.string().default("https://api.openai.com/v1"),
  model: z.string().default("gpt-4o-mini"),
  embeddingModel: z.string().default("text-embedding-3-small"),
  /** Separate embeddings server; unset = same as baseURL. */
  embeddingBaseURL: z.string().optional(),
  azureApiVersion: z.string().optional(),
  temperature: z.number().min(0).max(2).default(0),
  /** Most requests in flight at once. */
  concurrency: z.number().int().min(1).max(64).default(8),
  timeoutMs: z.number().int().min(1_000).max(600_000).default(60_000),
  maxRetries: z.number().int().min(0).max(10).default(4),
  /** Drop the SDK's X-Stainless-* headers (CORS). Unset = decide by host (kept only for api.openai.com). */
  stripSdkHeaders: z.boolean().optional(),
  /** The user opted in to "Remember on this device" for the API key. */
  rememberKey: z.boolean().default(false),
  language: z.enum(LANGUAGES).default("en"),
  /** Ignore the response cache (always call the server). */
  bypassCache: z.boolean().default(false),
  prices: z.record(z.string(), price).default(() => structuredClone({ ...DEFAULT_PRICES })),
});

export type Settings = z.output<typeof settingsSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;

const SETTINGS_DOC = docType("settings", 1, settingsSchema);

export function defaultSettings(): Settings {
  return settingsSchema.parse({});
}

/** Missing settings are the defaults; unreadable ones are defaults too, field by field, with an issue. */
export async function loadSettings(db: AppDb): Promise<{ settings: Settings; issues: StorageIssue[] }> {
  const raw = await db.get("settings", DOC_KEYS.settings);
  if (raw === undefined) return { settings: defaultSettings(), issues: [] };
  const read = readDoc(SETTINGS_DOC, raw);
  if (read.ok) return { settings: read.value, issues: [] };

  const salvaged = salvage(raw);
  if (salvaged) {
    const message = `these settings could not be read and were reset to their defaults: ${salvaged.reset.join(", ")}`;
    return { settings: salvaged.settings, issues: [{ store: "settings", key: DOC_KEYS.settings, message }] };
  }
  return { settings: defaultSettings(), issues: [{ store: "settings", key: DOC_KEYS.settings, message: `${read.message}; the default settings are used` }] };
}

/** Validates (throws a ZodError on a bad value) and stores the settings, never anything else. */
export async function saveSettings(db: AppDb, settings: SettingsInput): Promise<Settings> {
  const clean = settingsSchema.parse(settings);
  await withQuota(() => db.put("settings", writeDoc(SETTINGS_DOC, clean), DOC_KEYS.settings));
  return clean;
}

/**
 * Keeps every field that is still valid, so one bad value (say, a price) does not reset the
 * base URL and model too. Only for documents of the current format version.
 */
function salvage(raw: unknown): { settings: Settings; reset: string[] } | undefined {
  if (typeof raw !== "object" || raw === null || (raw as { v?: unknown }).v !== SETTINGS_DOC.version) return undefined;
  const body = raw as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  const reset: string[] = [];
  for (const [name, field] of Object.entries(settingsSchema.shape)) {
    const parsed = (field as z.ZodType).safeParse(body[name]);
    if (parsed.success) kept[name] = parsed.data;
    else reset.push(name);
  }
  return { settings: settingsSchema.parse(kept), reset };
}
