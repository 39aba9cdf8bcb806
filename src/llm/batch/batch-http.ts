import { z } from "zod";
import { redact } from "../errors";
import { BatchApiError } from "./batch-api";

/**
 * The HTTP calls of the batch APIs we speak over fetch (Anthropic, OpenRouter): every refusal a
 * BatchApiError in the provider's words (the key scrubbed), every reply zod-checked.
 */

type Init = { method: "GET" | "POST"; body?: string };

/** Anthropic's {error: {type, message}} and OpenRouter's {error: {code, message}} alike. */
const errorReply = z
  .object({ error: z.object({ message: z.string(), type: z.string().optional(), code: z.union([z.string(), z.number()]).nullish() }).passthrough() })
  .passthrough();

export function batchHttp(options: { fetch: typeof fetch; headers: () => Record<string, string>; secret: string }) {
  const { secret } = options;
  async function send(what: string, url: string, init: Init = { method: "GET" }): Promise<Response> {
    let response: Response;
    try {
      response = await options.fetch(url, { method: init.method, headers: options.headers(), ...(init.body !== undefined ? { body: init.body } : {}) });
    } catch (error) {
      throw new BatchApiError(`${what}: ${redact(error instanceof Error ? error.message : String(error), [secret])}`, 0, undefined);
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => "");
    let parsed: z.infer<typeof errorReply> | undefined;
    try {
      parsed = errorReply.parse(JSON.parse(text));
    } catch {
      parsed = undefined;
    }
    const words = parsed?.error.message ?? (text.slice(0, 300) || `HTTP ${response.status}`);
    const code = parsed?.error.type ?? (parsed?.error.code != null ? String(parsed.error.code) : undefined);
    throw new BatchApiError(`${what}: ${redact(words, [secret])}`, response.status, code);
  }
  async function json<T>(what: string, url: string, schema: z.ZodType<T>, init: Init = { method: "GET" }): Promise<T> {
    const response = await send(what, url, init);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new BatchApiError(`${what}: the reply is not what the batch API sends (${parsed.error.issues[0]?.message ?? "invalid"})`, 0, undefined);
    return parsed.data;
  }
  return { send, json };
}
