import { z } from "zod";
import type { ResponseCache } from "./cache";

/** Sleep that must reject as soon as the signal aborts (tests inject a fake one to skip real waits). */
export type SleepFn = (ms: number, signal?: AbortSignal) => Promise<void>;

const fetchSchema = z.custom<typeof fetch>((value) => typeof value === "function", "fetch must be a function");
const sleepSchema = z.custom<SleepFn>((value) => typeof value === "function", "sleep must be a function");
const cacheSchema = z.custom<ResponseCache>(
  (value) =>
    typeof value === "object" && value !== null && typeof (value as ResponseCache).get === "function" && typeof (value as ResponseCache).set === "function",
  "cache must have get and set",
);

const urlSchema = z
  .string()
  .trim()
  .min(1, "Base URL is empty")
  .refine((value) => /^https?:\/\/[^\s/]+/i.test(value), "Base URL must start with http:// or https://")
  // The SDK joins paths itself; a trailing slash would give "//chat/completions" on some servers.
  .transform((value) => value.replace(/\/+$/, ""));

const configSchema = z.object({
  baseURL: urlSchema,
  /** May be empty for local servers that need no key; then no Authorization header is sent. */
  apiKey: z.string().default(""),
  model: z.string().trim().min(1, "Model is empty"),
  embeddingModel: z.string().trim().min(1).optional(),
  embeddingBaseURL: urlSchema.optional(),
  embeddingApiKey: z.string().optional(),
  provider: z.enum(["openai-compatible", "azure"]).default("openai-compatible"),
  /** Which server this is ("ollama", "lmstudio", …), so error messages give that server's fix. */
  providerHint: z.string().optional(),
  azureApiVersion: z.string().min(1).default("2024-10-21"),
  temperature: z.number().min(0).max(2).default(0),
  maxTokens: z.number().int().positive().default(2048),
  timeoutMs: z.number().int().positive().default(60_000),
  maxRetries: z.number().int().min(0).max(20).default(8),
  /** Send null for every X-Stainless-* header so strict CORS allow-lists accept the preflight. */
  stripSdkHeaders: z.boolean().optional(),
  fetch: fetchSchema.optional(),
  cache: cacheSchema.optional(),
  sleep: sleepSchema.optional(),
});

export type TransportConfigInput = z.input<typeof configSchema>;
export type TransportConfig = Omit<z.output<typeof configSchema>, "stripSdkHeaders"> & { stripSdkHeaders: boolean };

/** True for OpenAI's own API, which allows the SDK headers in its CORS preflight. */
export function isOpenAiHost(baseURL: string): boolean {
  try {
    return new URL(baseURL).hostname === "api.openai.com";
  } catch {
    return false;
  }
}

/** Validates a user-supplied config; throws a ZodError naming the bad field. */
export function parseTransportConfig(input: TransportConfigInput | TransportConfig): TransportConfig {
  return withDefaults(configSchema.parse(input));
}

function withDefaults(parsed: z.output<typeof configSchema>): TransportConfig {
  return { ...parsed, stripSdkHeaders: parsed.stripSdkHeaders ?? !isOpenAiHost(parsed.baseURL) };
}

/** Like parseTransportConfig, but returns a readable message instead of throwing. */
export function checkTransportConfig(input: unknown): { ok: true; config: TransportConfig } | { ok: false; message: string } {
  const result = configSchema.safeParse(input);
  if (result.success) return { ok: true, config: withDefaults(result.data) };
  const message = result.error.issues.map((issue) => `${issue.path.join(".") || "config"}: ${issue.message}`).join("; ");
  return { ok: false, message };
}
