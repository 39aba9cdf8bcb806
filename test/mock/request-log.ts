import type { MockRequestRecord } from "./options";

/**
 * Reading the mock's request log as a bill: which requests were answered (any status: a 429 or a
 * 500 is an answer too), which were the CLI's one-token connection check, and what makes two
 * requests the same request (same messages and schema for chat, same texts for embeddings).
 */

function isModelRequest(record: MockRequestRecord): boolean {
  return record.kind === "chat" || record.kind === "embedding";
}

/** Answered: the mock sent a status (a request still open, or hung until the client left, has 0). */
export function answered(log: readonly MockRequestRecord[]): MockRequestRecord[] {
  return log.filter((r) => isModelRequest(r) && r.status !== 0);
}

/** The connection check every CLI run starts with ("Reply with OK.", one token). */
export function isConnectionCheck(record: MockRequestRecord): boolean {
  const body = record.body as { messages?: { content?: unknown }[]; max_tokens?: unknown; max_completion_tokens?: unknown } | undefined;
  return record.kind === "chat" && (body?.max_tokens === 1 || body?.max_completion_tokens === 1) && body?.messages?.[0]?.content === "Reply with OK.";
}

/** Same key = the same question to the server: chat by model, messages and response format; embeddings by model and texts. */
function requestKey(record: MockRequestRecord): string {
  const body = (record.body ?? {}) as Record<string, unknown>;
  if (record.kind === "embedding") return JSON.stringify(["embedding", body.model, body.input]);
  return JSON.stringify(["chat", body.model, body.messages, body.response_format ?? null]);
}

/** Keys asked more than once among these records, with how often. */
export function repeatedRequests(records: readonly MockRequestRecord[]): { key: string; times: number }[] {
  const counts = new Map<string, number>();
  for (const r of records) counts.set(requestKey(r), (counts.get(requestKey(r)) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([key, times]) => ({ key, times }));
}
