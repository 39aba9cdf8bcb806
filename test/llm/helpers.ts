import { afterEach, beforeEach } from "vitest";
import { z } from "zod";
import type { ChatMessage, JudgeRequest } from "../../src/engine/ports";
import type { TransportConfigInput } from "../../src/llm";
import { startMockServer, type MockOptions, type MockServer } from "../mock/server";
import type { BrainInput } from "../mock/brains";

/** A reply schema of the same shape as the engine's: root object with a title, strict. */
export const echoJsonSchema = {
  title: "test_echo",
  type: "object",
  properties: {
    items: {
      type: "array",
      items: {
        type: "object",
        properties: { text: { type: "string" }, verdict: { type: "integer", enum: [0, 1] } },
        required: ["text", "verdict"],
        additionalProperties: false,
      },
    },
  },
  required: ["items"],
  additionalProperties: false,
} as const;

const echoSchema = z.object({
  items: z.array(z.object({ text: z.string(), verdict: z.union([z.literal(0), z.literal(1)]) })),
});
export type Echo = z.infer<typeof echoSchema>;

/** The test brain: one item per line of the user text, verdict 1 when the line says "yes". */
export function echoBrain({ user }: BrainInput): Echo {
  const lines = user
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return { items: lines.map((text) => ({ text, verdict: /\byes\b/i.test(text) ? 1 : 0 })) };
}

export const expectedEcho: Echo = {
  items: [
    { text: "sky is blue: yes", verdict: 1 },
    { text: "grass is red: no", verdict: 0 },
  ],
};

export const baseMessages: ChatMessage[] = [
  { role: "system", content: "Judge each line. Reply with items." },
  { role: "user", content: "sky is blue: yes\ngrass is red: no" },
];

export function echoRequest(extra: Partial<JudgeRequest<Echo>> = {}): JudgeRequest<Echo> {
  return {
    promptId: "test_echo",
    promptHash: "hash-echo-1",
    promptVersion: "v1",
    messages: baseMessages,
    output: { name: "test_echo", jsonSchema: echoJsonSchema as unknown as Record<string, unknown>, schema: echoSchema },
    ...extra,
  };
}

export const API_KEY = "sk-test-SECRETKEY-0123456789";

export function configFor(server: MockServer, extra: Partial<TransportConfigInput> = {}): TransportConfigInput {
  return { baseURL: server.url, apiKey: API_KEY, model: "mock-judge", embeddingModel: "mock-embedding", maxRetries: 2, timeoutMs: 5_000, ...extra };
}

/** Starts a mock with the echo brain before each test and closes it after. */
export function useMockServer(options: MockOptions = {}): { readonly server: MockServer } {
  const holder: { server?: MockServer } = {};
  beforeEach(async () => {
    holder.server = await startMockServer({ responders: { test_echo: echoBrain }, ...options });
  });
  afterEach(async () => {
    await holder.server?.close();
  });
  return {
    get server() {
      if (!holder.server) throw new Error("mock server not started");
      return holder.server;
    },
  };
}

/** A sleep that records what it was asked and returns at once. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}
