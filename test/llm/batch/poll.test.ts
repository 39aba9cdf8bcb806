import { describe, expect, it } from "vitest";
import { BatchApiError, type BatchApi, type RemoteBatch } from "../../../src/llm/batch/batch-api";
import { DEFAULT_POLL, pollUntilEnded, statusLine } from "../../../src/llm/batch/poll";

/**
 * Issue 18: polling backs off (seconds, then minutes), survives a lost connection, and stops only
 * after many failures in a row or at a refusal that asking again cannot fix. The waits are
 * recorded, never slept.
 */

const batch = (status: RemoteBatch["status"], done = 0): RemoteBatch => ({ id: "b1", status, request_counts: { total: 10, completed: done, failed: 0 } });

/** A batch API whose retrieve answers from a script: a batch, or an error to throw. */
function scripted(replies: (RemoteBatch | Error)[]): BatchApi & { calls: number } {
  const api = {
    calls: 0,
    async retrieve() {
      const reply = replies[Math.min(api.calls++, replies.length - 1)]!;
      if (reply instanceof Error) throw reply;
      return reply;
    },
  };
  return api as unknown as BatchApi & { calls: number };
}

const recorder = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};

describe("polling a batch", () => {
  it("waits 5 s, then 1.6 times longer each time, never more than 5 minutes", async () => {
    const replies = [...Array.from({ length: 14 }, (_, i) => batch("in_progress", i % 10)), batch("completed", 10)];
    const api = scripted(replies);
    const { waits, sleep } = recorder();
    const ended = await pollUntilEnded(api, "b1", { policy: DEFAULT_POLL, sleep });
    expect(ended.status).toBe("completed");
    expect(api.calls).toBe(15);
    expect(waits.slice(0, 5)).toEqual([5_000, 8_000, 12_800, 20_480, 32_768]);
    expect(Math.max(...waits)).toBe(300_000);
    expect(waits.at(-1)).toBe(300_000);
    // Seconds at first, minutes soon: 14 polls cover more than half an hour.
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThan(30 * 60_000);
  });

  it("a lost connection is retried on the same schedule; the run stops after maxFailures in a row", async () => {
    const lost = new BatchApiError("retrieve: Connection error.", 0, undefined);
    const recovered = scripted([lost, lost, batch("validating"), lost, batch("completed", 10)]);
    const first = recorder();
    expect((await pollUntilEnded(recovered, "b1", { policy: DEFAULT_POLL, sleep: first.sleep })).status).toBe("completed");
    expect(first.waits).toEqual([5_000, 8_000, 12_800, 20_480]);

    const down = scripted([lost]);
    const second = recorder();
    await expect(pollUntilEnded(down, "b1", { policy: { ...DEFAULT_POLL, maxFailures: 3 }, sleep: second.sleep })).rejects.toThrow("Connection error");
    expect(down.calls).toBe(3);
    expect(second.waits).toHaveLength(2);
  });

  it("a refusal (401, 404) stops at once; a rate limit (429) is waited out", async () => {
    const refused = scripted([new BatchApiError("retrieve: No such batch", 404, "not_found")]);
    await expect(pollUntilEnded(refused, "b1", { policy: DEFAULT_POLL, sleep: recorder().sleep })).rejects.toThrow("No such batch");
    expect(refused.calls).toBe(1);

    const limited = scripted([new BatchApiError("retrieve: Rate limit", 429, "rate_limit"), batch("completed", 10)]);
    expect((await pollUntilEnded(limited, "b1", { policy: DEFAULT_POLL, sleep: recorder().sleep })).status).toBe("completed");
    expect(limited.calls).toBe(2);
  });

  it("a cancelled poll throws 'cancelled' before asking again", async () => {
    const controller = new AbortController();
    const api = scripted([batch("in_progress")]);
    const sleep = async () => controller.abort();
    await expect(pollUntilEnded(api, "b1", { policy: DEFAULT_POLL, sleep, signal: controller.signal })).rejects.toThrow("cancelled");
    expect(api.calls).toBe(1);
  });

  it("says each batch's state in one line", () => {
    expect(statusLine(2, batch("in_progress", 4), "chat")).toBe("round 2 chat b1: in progress 4 / 10");
    expect(statusLine(1, { ...batch("completed", 9), request_counts: { total: 10, completed: 9, failed: 1 } }, "chat")).toBe(
      "round 1 chat b1: completed 10 / 10, 1 failed",
    );
    expect(statusLine(1, batch("expired"), "embeddings")).toBe("round 1 embeddings b1: expired");
  });
});
