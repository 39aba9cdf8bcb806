import { z } from "zod";
import type { TransportConfig } from "../config";
import { describeError } from "../describe";
import { redact } from "../errors";
import { ANTHROPIC_VERSION, anthropicRoot } from "./anthropic-batch-api";
import type { ProbeResult } from "./probe-result";

/**
 * The probe for batch APIs without /files (Anthropic's Message Batches, OpenRouter's batches):
 * one GET of the batch list with the headers a batch run sends (nothing is created). Anthropic
 * answers a browser only when the request carries anthropic-dangerous-direct-browser-access, and
 * an organisation can turn browser access off: both come back as a 401 whose words say so, told
 * apart here from a refused key.
 */

const errorReply = z.object({ error: z.object({ message: z.string() }).passthrough() }).passthrough();

interface InlineProbe {
  /** "Anthropic's Message Batches", "OpenRouter's batches". */
  what: string;
  url: string;
  headers: Record<string, string>;
  keyHint: string;
}

async function probeOneGet(config: TransportConfig, probe: InlineProbe, signal?: AbortSignal): Promise<ProbeResult> {
  const doFetch = config.fetch ?? globalThis.fetch.bind(globalThis);
  const base = config.baseURL;
  const fallback = 'Until then, "Download batch file" and "Upload results" work with any server.';
  let status = 0;
  let words = "";
  try {
    const response = await doFetch(probe.url, { method: "GET", headers: probe.headers, ...(signal ? { signal } : {}) });
    status = response.status;
    if (!response.ok) {
      const parsed = errorReply.safeParse(await response.json().catch(() => undefined));
      words = redact(parsed.success ? parsed.data.error.message : `HTTP ${status}`, [config.apiKey]);
    }
  } catch (error) {
    const detail = describeError(error, { baseURL: base, provider: config.providerHint ?? config.provider, apiKey: config.apiKey });
    return { verdict: "blocked", files: 0, batches: 0, message: `The page cannot read ${probe.what} at ${base}: ${detail} ${fallback}`, detail };
  }
  // These APIs have no /files: `files` repeats the one status there is.
  const result = (verdict: ProbeResult["verdict"], message: string, detail?: string): ProbeResult => ({
    verdict,
    files: status,
    batches: status,
    message,
    ...(detail ? { detail } : {}),
  });
  if (status === 200) return result("reached", `${base} answers ${probe.what} from this page: runs can go by batch (half price, within 24 h).`);
  if (/CORS/i.test(words)) {
    const detail = /organi[sz]ation/i.test(words)
      ? `Anthropic refuses browser calls for this organisation (${words}): an admin can allow them in the Console, or run the CLI.`
      : `the server refused the browser's request (${words}): a proxy between the page and ${base} drops the anthropic-dangerous-direct-browser-access header.`;
    return result("blocked", `The page cannot read ${probe.what} at ${base}: ${detail} ${fallback}`, detail);
  }
  if (status === 401 || status === 403) return result("unauthorized", `${base} refused the key for ${probe.what} (HTTP ${status}: ${words}): ${probe.keyHint}`);
  if (status === 404 || status === 405)
    return result("no_batch_api", `${base} has no ${probe.what}: use "Download batch file", run it, then "Upload results".`);
  const detail = `HTTP ${status}: ${words}`;
  return result("blocked", `The page cannot read ${probe.what} at ${base} (${detail}). ${fallback}`, detail);
}

export function probeAnthropicBatches(config: TransportConfig, signal?: AbortSignal): Promise<ProbeResult> {
  return probeOneGet(
    config,
    {
      what: "Anthropic's Message Batches",
      url: `${anthropicRoot(config.baseURL)}/messages/batches?limit=1`,
      headers: { "x-api-key": config.apiKey, "anthropic-version": ANTHROPIC_VERSION, "anthropic-dangerous-direct-browser-access": "true" },
      keyHint: "check the Anthropic API key and its workspace.",
    },
    signal,
  );
}

export function probeOpenRouterBatches(config: TransportConfig, signal?: AbortSignal): Promise<ProbeResult> {
  return probeOneGet(
    config,
    {
      what: "OpenRouter's batches",
      url: `${config.baseURL.replace(/\/+$/, "")}/batches`,
      headers: { authorization: `Bearer ${config.apiKey}` },
      keyHint: "check the OpenRouter API key.",
    },
    signal,
  );
}
