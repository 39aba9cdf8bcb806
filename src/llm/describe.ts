import { sanitizeUrl, urlSecrets } from "../engine/text/url-secrets";
import { classifyError, redact, type LlmError } from "./errors";

/** Servers we can give a precise fix for (ux-anchors 3.1, per-provider CORS table). */
export type ProviderHint = "openai" | "azure" | "openrouter" | "ollama" | "lmstudio" | "vllm" | "generic";

export interface DescribeContext {
  baseURL: string;
  /** The config's provider ("azure" / "openai-compatible") or a hint such as "ollama". */
  provider?: string;
  model?: string;
  /** Scrubbed from the text, in case a server echoed it. */
  apiKey?: string;
  /** The page's origin, for the exact CORS line; read from location when absent. */
  origin?: string;
}

const HINTS: readonly ProviderHint[] = ["openai", "azure", "openrouter", "ollama", "lmstudio", "vllm", "generic"];

export function guessProvider(baseURL: string, provider?: string): ProviderHint {
  if (provider && (HINTS as readonly string[]).includes(provider)) return provider as ProviderHint;
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    return "generic";
  }
  const host = url.hostname.toLowerCase();
  if (host === "api.openai.com") return "openai";
  if (/\.(openai\.azure\.com|cognitiveservices\.azure\.com|services\.ai\.azure\.com)$/.test(host)) return "azure";
  if (host.endsWith("openrouter.ai")) return "openrouter";
  if (url.port === "11434" || host.includes("ollama")) return "ollama";
  if (url.port === "1234" || host.includes("lmstudio") || host.includes("lm-studio")) return "lmstudio";
  if (host.includes("vllm")) return "vllm";
  return "generic";
}

function pageOrigin(context: DescribeContext): string | undefined {
  if (context.origin) return context.origin;
  const location = (globalThis as { location?: { origin?: string } }).location;
  return location?.origin && location.origin !== "null" ? location.origin : undefined;
}

function corsFix(hint: ProviderHint, origin: string): string {
  switch (hint) {
    case "ollama":
      return `If Ollama is running, allow this page: set OLLAMA_ORIGINS=${origin} in Ollama's environment and restart it.`;
    case "lmstudio":
      return 'In LM Studio, turn on "Enable CORS" in the server settings, or start it with `lms server start --cors`.';
    case "vllm":
      return `vLLM allows every origin by default; if it was started with --allowed-origins, add ${origin}.`;
    case "openai":
      return "api.openai.com accepts browser calls; check your network, VPN or proxy.";
    case "azure":
      return "Azure OpenAI may refuse calls from a browser (CORS): check the endpoint and API version, or use the command-line tool.";
    case "openrouter":
      return "OpenRouter accepts browser calls; check the base URL (https://openrouter.ai/api/v1).";
    default:
      return `If the server is up, allow ${origin} in its CORS settings, and keep "strip SDK headers" on if it only allows the authorization and content-type headers.`;
  }
}

function mixedContent(baseURL: string, origin: string | undefined): string | undefined {
  if (!origin?.startsWith("https:") || !baseURL.startsWith("http:")) return undefined;
  const host = new URL(baseURL).hostname;
  if (host === "localhost" || host === "127.0.0.1" || host === "[::1]") return undefined;
  return "This page is served over HTTPS and the base URL is plain HTTP, which browsers block (mixed content).";
}

function authText(hint: ProviderHint, base: string, status: number | undefined): string {
  const fix =
    hint === "openai"
      ? "Check the key at https://platform.openai.com/api-keys."
      : hint === "azure"
        ? "Use a key of this Azure resource (Keys and Endpoint in the portal)."
        : hint === "openrouter"
          ? "Check the key at https://openrouter.ai/keys."
          : hint === "ollama" || hint === "lmstudio" || hint === "vllm"
            ? "Local servers usually need no key; if the server was started with one (vLLM --api-key), use that value."
            : "Check the API key.";
  return `The server at ${base} rejected the API key (HTTP ${status ?? 401}). ${fix}`;
}

function notFoundText(hint: ProviderHint, base: string, model: string | undefined, server: string | undefined): string {
  const what = model ? `the model "${model}" is unknown there` : "the model is unknown there";
  const fix =
    hint === "ollama" && model
      ? ` Pull it first: ollama pull ${model}.`
      : hint === "azure"
        ? " With Azure, the model is your deployment name."
        : " OpenAI-compatible base URLs usually end in /v1.";
  return `The server at ${base} answered 404: ${what}, or the base URL is wrong.${fix}${server ? ` (Server said: ${server})` : ""}`;
}

/** One paragraph for the UI or the CLI: what went wrong and what to do. Never contains the key. */
export function describeError(error: unknown, context: DescribeContext): string {
  const secrets = [context.apiKey, ...urlSecrets(context.baseURL)];
  const failure: LlmError = classifyError(error, { secrets });
  const hint = guessProvider(context.baseURL, context.provider);
  // Named without the credentials a base URL may carry (?api-key=, user:key@): the text reaches stderr and reports.
  const base = sanitizeUrl(context.baseURL);
  const origin = pageOrigin(context);
  let text: string;
  switch (failure.kind) {
    case "auth":
      text = authText(hint, base, failure.status);
      break;
    case "not_found":
      text = notFoundText(hint, base, context.model, failure.serverMessage);
      break;
    case "network": {
      const extra = origin ? [mixedContent(base, origin), corsFix(hint, origin)].filter(Boolean).join(" ") : "";
      text = origin
        ? `Could not reach ${base}: the server is down, the base URL is wrong, or the browser blocked it (CORS). ${extra}`
        : `Could not reach ${base}: the server is down or the base URL is wrong.`;
      break;
    }
    case "timeout":
      text = `The server at ${base} did not answer in time (${failure.message}). The model may be slow or busy: raise the timeout or lower the concurrency.`;
      break;
    case "rate_limited": {
      const wait = failure.retryAfterMs !== undefined ? ` It asked to wait ${Math.ceil(failure.retryAfterMs / 1000)} s.` : "";
      text = `The server at ${base} is rate limiting requests (HTTP 429).${wait} Lower the concurrency or try again later.`;
      break;
    }
    case "server":
      text = `The server at ${base} failed (${failure.message}). This is usually temporary: try again later.`;
      break;
    case "bad_request":
      text = `The server at ${base} refused the request (${failure.message}).`;
      break;
    case "cancelled":
      text = "Cancelled.";
      break;
  }
  return redact(text.trim(), secrets);
}
