import type { JudgeRequest } from "../engine/ports";
import type { CallRecord } from "../engine/result";
import { sendChat, type RequestShape } from "./chat-request";
import { createClient } from "./client";
import { parseTransportConfig, type TransportConfig, type TransportConfigInput } from "./config";
import { describeError } from "./describe";
import type { LlmError } from "./errors";
import { adaptShape } from "./modes";

/** `calls`: every request the test made, so a run's usage can count them too. */
export type ConnectionResult = ({ ok: true; ms: number; model: string } | { ok: false; error: LlmError; diagnosis: string }) & { calls: CallRecord[] };

/** Only the fields sendChat reads in text mode; the schema is never sent. */
const PING: JudgeRequest<unknown> = {
  promptId: "connection-test",
  promptHash: "",
  messages: [{ role: "user", content: "Reply with OK." }],
  output: { name: "connection_test", jsonSchema: {}, schema: undefined as never },
};

/**
 * One cheap chat call (max 1 token, no retries: a CORS block should fail in milliseconds, not
 * after a backoff), with a diagnosis the settings screen can show as is.
 */
export async function testConnection(input: TransportConfigInput | TransportConfig, signal?: AbortSignal): Promise<ConnectionResult> {
  const config = parseTransportConfig(input);
  const client = createClient(config, "chat");
  const request = signal ? { ...PING, signal } : PING;
  let shape: RequestShape = { tokenParam: "max_tokens", sendTemperature: true };
  const calls: CallRecord[] = [];
  for (;;) {
    const result = await sendChat({ client, config, request, messages: PING.messages, mode: "text", shape, maxRetries: 0, maxTokens: 1 });
    calls.push(result.record);
    if (result.ok) return { ok: true, ms: result.record.ms, model: result.servedModel, calls };
    // Reasoning models reject max_tokens; that says nothing about the connection, so adapt once.
    const adapted = adaptShape(result.error, shape);
    if (adapted) {
      shape = adapted;
      continue;
    }
    const diagnosis = describeError(result.error, {
      baseURL: config.baseURL,
      provider: config.providerHint ?? config.provider,
      model: config.model,
      apiKey: config.apiKey,
    });
    return { ok: false, error: result.error, diagnosis, calls };
  }
}
