/**
 * The words of a diagnosis (describe.ts), one table per language: English here, what the CLI,
 * reports and results say; the app gives its Chinese table (src/app/shared/i18n/zh.ts) to the
 * Settings connection check. `detail` is the transport's or the server's own text, kept as written.
 */

/** Servers we can give a precise fix for (ux-anchors 3.1, per-provider CORS table). */
export type ProviderHint = "openai" | "azure" | "openrouter" | "ollama" | "lmstudio" | "vllm" | "generic";

export interface DiagnosisWords {
  /** What to change so a browser may call this server, by provider. */
  corsFix: Record<ProviderHint, (origin: string) => string>;
  mixedContent: string;
  /** Where to check the key, by provider (the local servers share one). */
  authFix: Record<"openai" | "azure" | "openrouter" | "local" | "generic", string>;
  auth: (base: string, status: number, fix: string) => string;
  unknownModel: (model: string) => string;
  unknownModelUnnamed: string;
  notFoundFix: { ollamaPull: (model: string) => string; azure: string; generic: string };
  notFound: (base: string, what: string, fix: string, server: string) => string;
  /** In a browser, where CORS may be why (`fixes`: the mixed-content and CORS advice). */
  unreachableInBrowser: (base: string, fixes: string) => string;
  unreachable: (base: string) => string;
  timeout: (base: string, detail: string) => string;
  rateLimited: (base: string, waitSeconds: number) => string;
  rateLimitedNoWait: (base: string) => string;
  server: (base: string, detail: string) => string;
  badRequest: (base: string, detail: string) => string;
  cancelled: string;
}

export const ENGLISH_DIAGNOSIS: DiagnosisWords = {
  corsFix: {
    ollama: (origin) => `If Ollama is running, allow this page: set OLLAMA_ORIGINS=${origin} in Ollama's environment and restart it.`,
    lmstudio: () => 'In LM Studio, turn on "Enable CORS" in the server settings, or start it with `lms server start --cors`.',
    vllm: (origin) => `vLLM allows every origin by default; if it was started with --allowed-origins, add ${origin}.`,
    openai: () => "api.openai.com accepts browser calls; check your network, VPN or proxy.",
    azure: () => "Azure OpenAI may refuse calls from a browser (CORS): check the endpoint and API version, or use the command-line tool.",
    openrouter: () => "OpenRouter accepts browser calls; check the base URL (https://openrouter.ai/api/v1).",
    generic: (origin) =>
      `If the server is up, allow ${origin} in its CORS settings, and keep "strip SDK headers" on if it only allows the authorization and content-type headers.`,
  },
  mixedContent: "This page is served over HTTPS and the base URL is plain HTTP, which browsers block (mixed content).",
  authFix: {
    openai: "Check the key at https://platform.openai.com/api-keys.",
    azure: "Use a key of this Azure resource (Keys and Endpoint in the portal).",
    openrouter: "Check the key at https://openrouter.ai/keys.",
    local: "Local servers usually need no key; if the server was started with one (vLLM --api-key), use that value.",
    generic: "Check the API key.",
  },
  auth: (base, status, fix) => `The server at ${base} rejected the API key (HTTP ${status}). ${fix}`,
  unknownModel: (model) => `the model "${model}" is unknown there`,
  unknownModelUnnamed: "the model is unknown there",
  notFoundFix: {
    ollamaPull: (model) => ` Pull it first: ollama pull ${model}.`,
    azure: " With Azure, the model is your deployment name.",
    generic: " OpenAI-compatible base URLs usually end in /v1.",
  },
  notFound: (base, what, fix, server) =>
    `The server at ${base} answered 404: ${what}, or the base URL is wrong.${fix}${server ? ` (Server said: ${server})` : ""}`,
  unreachableInBrowser: (base, fixes) => `Could not reach ${base}: the server is down, the base URL is wrong, or the browser blocked it (CORS). ${fixes}`,
  unreachable: (base) => `Could not reach ${base}: the server is down or the base URL is wrong.`,
  timeout: (base, detail) =>
    `The server at ${base} did not answer in time (${detail}). The model may be slow or busy: raise the timeout or lower the concurrency.`,
  rateLimited: (base, waitSeconds) =>
    `The server at ${base} is rate limiting requests (HTTP 429). It asked to wait ${waitSeconds} s. Lower the concurrency or try again later.`,
  rateLimitedNoWait: (base) => `The server at ${base} is rate limiting requests (HTTP 429). Lower the concurrency or try again later.`,
  server: (base, detail) => `The server at ${base} failed (${detail}). This is usually temporary: try again later.`,
  badRequest: (base, detail) => `The server at ${base} refused the request (${detail}).`,
  cancelled: "Cancelled.",
};
