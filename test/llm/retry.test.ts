import { describe, expect, it, vi } from "vitest";
import type { MetricError } from "../../src/engine/result";
import { backoffDelay, createJudge, LlmError, retryDelay, withRetry } from "../../src/llm";
import { NETWORK_RETRY_CAP } from "../../src/llm/retry";
import { configFor, echoRequest, expectedEcho, recordingSleep, rejectionOf, useMockServer } from "./helpers";

describe("retries, timeouts and cancellation", () => {
  const mock = useMockServer();

  it("honours Retry-After on a 429 and tells the limiter", async () => {
    const { sleep, waits } = recordingSleep();
    const limited: (number | undefined)[] = [];
    mock.server.enqueue({ status: 429, headers: { "retry-after": "2" } });
    const judge = createJudge(configFor(mock.server, { sleep }));
    const reply = await judge.complete(echoRequest({ onRateLimited: (ms) => limited.push(ms) }));
    expect(reply.value).toEqual(expectedEcho);
    expect(waits).toEqual([2000]);
    expect(limited).toEqual([2000]);
    expect(reply.calls).toHaveLength(1);
    expect(reply.calls[0]!.attempts).toBe(2);
  });

  it("really waits the retry-after-ms the server asked for", async () => {
    // The real sleep (no fake injected) on a short server-side wait: 50 ms, not the production 1 s.
    mock.server.configure({ faults: { rate429: 1, retryAfterSeconds: 0.05 } });
    const judge = createJudge(configFor(mock.server, { maxRetries: 1 }));
    const started = performance.now();
    // Heal the server once the 429 is seen, so the retry succeeds.
    const reply = await judge.complete(echoRequest({ onRateLimited: () => mock.server.configure({ faults: {} }) }));
    const elapsed = performance.now() - started;
    expect(reply.calls[0]!.attempts).toBe(2);
    // At least what the server asked for; how much longer depends on the machine, so no upper bound
    // here (the wait's length itself, 2000 ms asked -> 2000 ms slept, is the recording-sleep test above).
    expect(elapsed).toBeGreaterThanOrEqual(45);
    const [first, second] = mock.server.log;
    expect(first!.status).toBe(429);
    expect(second!.startedAt - first!.endedAt).toBeGreaterThanOrEqual(45);
  });

  it("retries a 500 with jittered backoff under 500 ms", async () => {
    const { sleep, waits } = recordingSleep();
    mock.server.enqueue({ status: 500 });
    const reply = await createJudge(configFor(mock.server, { sleep })).complete(echoRequest());
    expect(reply.value).toEqual(expectedEcho);
    expect(reply.calls[0]!.attempts).toBe(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(0);
    expect(waits[0]).toBeLessThan(500);
  });

  it("times out a hanging request and retries it", async () => {
    const { sleep } = recordingSleep();
    mock.server.enqueue({ hang: true });
    // The server never answers the first request: only the client's timeout can end it (a timer may
    // fire a little early on a busy machine, so the elapsed time is not asserted).
    const reply = await createJudge(configFor(mock.server, { sleep, timeoutMs: 300 })).complete(echoRequest());
    expect(reply.value).toEqual(expectedEcho);
    expect(reply.calls[0]!.attempts).toBe(2);
    // The hung request ended because the client gave up, with no answer sent.
    await vi.waitFor(() => expect(mock.server.inFlight).toBe(0));
    expect(mock.server.log[0]!.status).toBe(0);
    expect(mock.server.log[0]!.endedAt - mock.server.log[0]!.startedAt).toBeGreaterThanOrEqual(280);
    expect(mock.server.inFlight).toBe(0);
  });

  it("reports a timeout that outlasts the retries as llm_error", async () => {
    mock.server.enqueue({ hang: true });
    const judge = createJudge(configFor(mock.server, { timeoutMs: 200, maxRetries: 0 }));
    const error = (await rejectionOf(judge.complete(echoRequest()))) as MetricError;
    expect(error.code).toBe("llm_error");
    expect(error.message).toBe(
      `The server at ${mock.server.url} did not answer in time (no answer within 0.2 s). The model may be slow or busy: raise the timeout or lower the concurrency.`,
    );
    expect(error.calls[0]).toMatchObject({ attempts: 1, error: "no answer within 0.2 s" });
  });

  it("retries a reply whose body is not JSON at all", async () => {
    mock.server.enqueue({ body: '{"id": "chatcmpl-1", "choi' });
    const { sleep } = recordingSleep();
    const reply = await createJudge(configFor(mock.server, { sleep })).complete(echoRequest());
    expect(reply.value).toEqual(expectedEcho);
    expect(reply.calls[0]!.attempts).toBe(2);
  });

  it("gives llm_error after maxRetries, with every attempt counted", async () => {
    const { sleep, waits } = recordingSleep();
    mock.server.enqueue({ status: 503 }, { status: 503 }, { status: 503 });
    const error = (await rejectionOf(createJudge(configFor(mock.server, { sleep, maxRetries: 2 })).complete(echoRequest()))) as MetricError;
    expect(error.code).toBe("llm_error");
    expect(error.message).toContain("HTTP 503");
    expect(error.calls[0]!.attempts).toBe(3);
    expect(waits).toHaveLength(2);
    expect(mock.server.log).toHaveLength(3);
  });

  it("does not retry a 400", async () => {
    mock.server.enqueue({ status: 400, content: "bad field" });
    const error = (await rejectionOf(createJudge(configFor(mock.server)).complete(echoRequest()))) as MetricError;
    expect(error.calls[0]!.attempts).toBe(1);
    expect(mock.server.log).toHaveLength(1);
  });

  it("cancels mid-request: a request the server never answers ends when the signal aborts", async () => {
    mock.server.enqueue({ hang: true });
    const controller = new AbortController();
    const pending = rejectionOf(createJudge(configFor(mock.server)).complete(echoRequest({ signal: controller.signal })));
    await vi.waitFor(() => expect(mock.server.inFlight).toBe(1));
    controller.abort();
    const error = (await pending) as MetricError;
    expect(error.code).toBe("cancelled");
    await vi.waitFor(() => expect(mock.server.inFlight).toBe(0));
    expect(mock.server.log[0]!.status, "the server never answered it").toBe(0);
    expect(error.calls).toHaveLength(1);
    expect(error.calls[0]!.attempts).toBe(1);
  });

  it("cancels mid-backoff: a ten-minute Retry-After ends when the signal aborts", async () => {
    // Were the backoff not cut short, the test would wait ten minutes and time out.
    mock.server.enqueue({ status: 429, headers: { "retry-after": "600" } });
    const controller = new AbortController();
    const pending = rejectionOf(createJudge(configFor(mock.server)).complete(echoRequest({ signal: controller.signal })));
    await vi.waitFor(() => expect(mock.server.log[0]?.status).toBe(429));
    controller.abort();
    const error = (await pending) as MetricError;
    expect(error.code).toBe("cancelled");
    expect(mock.server.log).toHaveLength(1);
  });

  it("makes no request when already cancelled", async () => {
    const error = (await rejectionOf(createJudge(configFor(mock.server)).complete(echoRequest({ signal: AbortSignal.abort() })))) as MetricError;
    expect(error.code).toBe("cancelled");
    expect(mock.server.log).toHaveLength(0);
  });
});

describe("backoff policy", () => {
  it("uses full jitter below an exponential ceiling capped at 30 s", () => {
    expect(backoffDelay(0, () => 0.999)).toBe(499);
    expect(backoffDelay(3, () => 0.5)).toBe(2000);
    expect(backoffDelay(20, () => 0.999)).toBe(29970);
    expect(backoffDelay(5, () => 0)).toBe(0);
  });

  it("prefers the server's Retry-After, clamped to 120 s", () => {
    expect(retryDelay(new LlmError("rate_limited", "x", { retryAfterMs: 1500 }), 4)).toBe(1500);
    expect(retryDelay(new LlmError("rate_limited", "x", { retryAfterMs: 600_000 }), 0)).toBe(120_000);
  });

  it("abandons an injected sleep that ignores the signal", async () => {
    const controller = new AbortController();
    let calls = 0;
    const pending = withRetry(
      async () => {
        calls += 1;
        throw new LlmError("server", "HTTP 500", { status: 500 });
      },
      { maxRetries: 3, timeoutMs: 1000, signal: controller.signal, sleep: () => new Promise(() => {}) },
    );
    setTimeout(() => controller.abort(), 30);
    await expect(pending).rejects.toMatchObject({ kind: "cancelled", attempts: 1 });
    expect(calls).toBe(1);
  });

  it("gives a request that never gets an answer (CORS, refused) at most 2 retries, but 429s the whole budget", async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    let networkCalls = 0;
    const unreachable = withRetry(
      async () => {
        networkCalls += 1;
        throw new TypeError("Failed to fetch");
      },
      { maxRetries: 8, timeoutMs: 1000, sleep },
    );
    await expect(unreachable).rejects.toMatchObject({ kind: "network", attempts: NETWORK_RETRY_CAP + 1 });
    expect(networkCalls).toBe(3);
    expect(waits).toHaveLength(2);

    let limitedCalls = 0;
    const throttled = withRetry(
      async () => {
        limitedCalls += 1;
        throw new LlmError("rate_limited", "HTTP 429", { status: 429, retryAfterMs: 1 });
      },
      { maxRetries: 8, timeoutMs: 1000, sleep },
    );
    await expect(throttled).rejects.toMatchObject({ kind: "rate_limited", attempts: 9 });
    expect(limitedCalls).toBe(9);
  });
});
