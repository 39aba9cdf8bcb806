import { createClient } from "../client";
import { parseTransportConfig, type TransportConfig, type TransportConfigInput } from "../config";
import { describeError, guessProvider } from "../describe";
import { type BatchProvider, batchDialect } from "./choose-api";
import { probeAnthropicBatches, probeOpenRouterBatches } from "./probe-inline";
import type { ProbeResult, ProbeVerdict } from "./probe-result";

/**
 * Before offering "Run by batch" for a base URL, the page asks the server itself: can it read
 * /files and /batches from here? One GET each (no upload, no cost). The answer is in words, as the
 * connection test gives it: a CORS block names the fix, a server without a batch API (vllm serve,
 * Ollama) is pointed to the download / upload flow. Anthropic's and OpenRouter's base URLs are asked
 * about their inline batches instead (probe-inline.ts).
 */

export async function probeBatchSupport(
  input: TransportConfigInput | TransportConfig,
  signal?: AbortSignal,
  provider: BatchProvider = "auto",
): Promise<ProbeResult> {
  const config = parseTransportConfig({ ...input, maxRetries: 0 });
  const dialect = batchDialect(config, provider);
  if (dialect === "anthropic") return probeAnthropicBatches(config, signal);
  if (dialect === "openrouter") return probeOpenRouterBatches(config, signal);
  const client = createClient(config, "chat");
  const options = signal ? { signal } : {};
  const attempt = async (run: () => Promise<unknown>): Promise<{ status: number; error?: unknown }> => {
    try {
      await run();
      return { status: 200 };
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      return { status: typeof status === "number" ? status : 0, error };
    }
  };
  const [files, batches] = await Promise.all([
    attempt(() => client.files.list({ purpose: "batch", limit: 1 }, options)),
    attempt(() => client.batches.list({ limit: 1 }, options)),
  ]);
  const result = (verdict: ProbeVerdict, message: string): ProbeResult => ({ verdict, files: files.status, batches: batches.status, message });
  if (files.status === 200 && batches.status === 200) {
    return result("reached", `${config.baseURL} answers /files and /batches from this page: runs can go by batch (half price, within 24 h).`);
  }
  const failed = files.status !== 200 ? files : batches;
  if (failed.status === 401 || failed.status === 403) {
    return result(
      "unauthorized",
      `${config.baseURL} refused the key for its batch API (HTTP ${failed.status}): check the API key and that it may use /files and /batches.`,
    );
  }
  if (failed.status === 404 || failed.status === 405 || failed.status === 501) {
    const vllm = guessProvider(config.baseURL, config.providerHint) === "vllm" ? " (vllm serve has none: use vllm run-batch)" : "";
    return result("no_batch_api", `${config.baseURL} has no batch API${vllm}: use "Download batch file", run it, then "Upload results".`);
  }
  const words = describeError(failed.error, { baseURL: config.baseURL, provider: config.providerHint ?? config.provider, apiKey: config.apiKey });
  return {
    ...result(
      "blocked",
      `The page cannot read ${config.baseURL}'s batch API: ${words} Until then, "Download batch file" and "Upload results" work with any server.`,
    ),
    detail: words,
  };
}
