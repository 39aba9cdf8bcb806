import OpenAI, { AzureOpenAI } from "openai";
import type { TransportConfig } from "./config";

/**
 * The SDK's telemetry headers. A server whose CORS allow-list is only "authorization,
 * content-type" refuses the preflight when any of these is present; an explicit null in
 * defaultHeaders removes the SDK's default (openai-node internal/headers.ts).
 */
export const SDK_TELEMETRY_HEADERS = [
  "X-Stainless-Lang",
  "X-Stainless-Package-Version",
  "X-Stainless-OS",
  "X-Stainless-Arch",
  "X-Stainless-Runtime",
  "X-Stainless-Runtime-Version",
  "X-Stainless-Retry-Count",
  "X-Stainless-Timeout",
] as const;

/** Our own timeout signal fires first; the SDK's is only a backstop for a stuck body read. */
const SDK_TIMEOUT_SLACK_MS = 5_000;

export interface Endpoint {
  baseURL: string;
  apiKey: string;
}

/** Which server and key a request goes to: embeddings may live elsewhere than the judge. */
export function endpointFor(config: TransportConfig, purpose: "chat" | "embedding"): Endpoint {
  if (purpose === "embedding") {
    return {
      baseURL: config.embeddingBaseURL ?? config.baseURL,
      apiKey: config.embeddingApiKey ?? config.apiKey,
    };
  }
  return { baseURL: config.baseURL, apiKey: config.apiKey };
}

/**
 * A base URL may carry a query: a gateway's `?api-key=`, Azure's `?api-version=`. The SDK appends
 * each path after the whole base URL (`/v1?api-key=K/chat/completions`), so the query is taken off
 * and sent with every request as the SDK's defaultQuery instead.
 */
export function splitBaseURL(baseURL: string): { baseURL: string; query: Record<string, string> } {
  if (!baseURL.includes("?")) return { baseURL, query: {} };
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    return { baseURL, query: {} };
  }
  const query = Object.fromEntries(url.searchParams);
  url.search = "";
  url.hash = "";
  return { baseURL: url.toString().replace(/\/+$/, ""), query };
}

export function createClient(config: TransportConfig, purpose: "chat" | "embedding" = "chat"): OpenAI {
  const endpoint = endpointFor(config, purpose);
  const { apiKey } = endpoint;
  const { baseURL, query } = splitBaseURL(endpoint.baseURL);
  const defaultQuery = Object.keys(query).length > 0 ? { defaultQuery: query } : {};
  const defaultHeaders: Record<string, string | null> = {};
  if (config.stripSdkHeaders) for (const name of SDK_TELEMETRY_HEADERS) defaultHeaders[name] = null;

  const common = {
    // We retry ourselves, so the run's one limiter sees every 429 (DESIGN.md "The LLM boundary").
    maxRetries: 0,
    timeout: config.timeoutMs + SDK_TIMEOUT_SLACK_MS,
    // BYOK app: the user's own key, typed into their own browser (ux-anchors 3.1).
    dangerouslyAllowBrowser: true,
    // The SDK would otherwise log through console; nothing it logs may ever carry the key.
    logLevel: "off" as const,
    // Explicit nulls: in Node the SDK would otherwise read OPENAI_ORG_ID etc. from the environment
    // and send them to whatever server the user configured.
    organization: null,
    project: null,
    adminAPIKey: null,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  };

  if (config.provider === "azure") {
    if (!apiKey) throw new Error("Azure OpenAI needs an API key");
    // Azure accepts either the resource endpoint or the full ".../openai" base URL.
    const location = /\/openai(\/|$)/.test(baseURL) ? { baseURL } : { endpoint: baseURL };
    // An api-version in the URL is the one the user means; the SDK sets its own over defaultQuery.
    const { "api-version": inURL, ...rest } = query;
    const others = Object.keys(rest).length > 0 ? { defaultQuery: rest } : {};
    return new AzureOpenAI({ ...common, ...location, ...others, apiKey, apiVersion: inURL ?? config.azureApiVersion, defaultHeaders });
  }

  // Local servers often need no key; the SDK insists on one, so give it a placeholder and drop
  // the Authorization header instead of sending a made-up bearer token.
  if (!apiKey) defaultHeaders.Authorization = null;
  return new OpenAI({
    ...common,
    baseURL,
    ...defaultQuery,
    apiKey: apiKey || "no-key",
    defaultHeaders,
  });
}
