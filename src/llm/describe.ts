import { sanitizeUrl, urlSecrets } from "../engine/text/url-secrets";
import { ENGLISH_DIAGNOSIS, type DiagnosisWords, type ProviderHint } from "./diagnosis-words";
import { classifyError, redact, type LlmError } from "./errors";

export type { ProviderHint } from "./diagnosis-words";

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

function mixedContent(baseURL: string, origin: string | undefined, words: DiagnosisWords): string | undefined {
  if (!origin?.startsWith("https:") || !baseURL.startsWith("http:")) return undefined;
  const host = new URL(baseURL).hostname;
  if (host === "localhost" || host === "127.0.0.1" || host === "[::1]") return undefined;
  return words.mixedContent;
}

function authFix(hint: ProviderHint, words: DiagnosisWords): string {
  if (hint === "ollama" || hint === "lmstudio" || hint === "vllm") return words.authFix.local;
  return words.authFix[hint];
}

function notFoundText(hint: ProviderHint, base: string, model: string | undefined, server: string | undefined, words: DiagnosisWords): string {
  const what = model ? words.unknownModel(model) : words.unknownModelUnnamed;
  const fix = hint === "ollama" && model ? words.notFoundFix.ollamaPull(model) : hint === "azure" ? words.notFoundFix.azure : words.notFoundFix.generic;
  return words.notFound(base, what, fix, server ?? "");
}

/**
 * One paragraph for the UI or the CLI: what went wrong and what to do. Never contains the key.
 * In English unless given other words (the Settings check speaks the UI's language).
 */
export function describeError(error: unknown, context: DescribeContext, words: DiagnosisWords = ENGLISH_DIAGNOSIS): string {
  const secrets = [context.apiKey, ...urlSecrets(context.baseURL)];
  const failure: LlmError = classifyError(error, { secrets });
  const hint = guessProvider(context.baseURL, context.provider);
  // Named without the credentials a base URL may carry (?api-key=, user:key@): the text reaches stderr and reports.
  const base = sanitizeUrl(context.baseURL);
  const origin = pageOrigin(context);
  let text: string;
  switch (failure.kind) {
    case "auth":
      text = words.auth(base, failure.status ?? 401, authFix(hint, words));
      break;
    case "not_found":
      text = notFoundText(hint, base, context.model, failure.serverMessage, words);
      break;
    case "network":
      text = origin
        ? words.unreachableInBrowser(base, [mixedContent(base, origin, words), words.corsFix[hint](origin)].filter(Boolean).join(" "))
        : words.unreachable(base);
      break;
    case "timeout":
      text = words.timeout(base, failure.message);
      break;
    case "rate_limited":
      text = failure.retryAfterMs !== undefined ? words.rateLimited(base, Math.ceil(failure.retryAfterMs / 1000)) : words.rateLimitedNoWait(base);
      break;
    case "server":
      text = words.server(base, failure.message);
      break;
    case "bad_request":
      text = words.badRequest(base, failure.message);
      break;
    case "cancelled":
      text = words.cancelled;
      break;
  }
  return redact(text.trim(), secrets);
}
