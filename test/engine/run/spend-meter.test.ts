import { describe, expect, it } from "vitest";
import type { CallRecord } from "../../../src/engine/result";
import { SpendMeter } from "../../../src/engine/run/spend-meter";

const call = (over: Partial<CallRecord>): CallRecord => ({
  kind: "chat",
  promptId: "p",
  promptHash: "h",
  model: "judge",
  promptTokens: 0,
  completionTokens: 0,
  ms: 1,
  cached: false,
  attempts: 1,
  ...over,
});

describe("SpendMeter", () => {
  it("bills every attempt and token per model; a cached reply is counted as cached and costs nothing", () => {
    const meter = new SpendMeter();
    meter.add([call({ promptTokens: 100, completionTokens: 20 }), call({ promptTokens: 50, completionTokens: 5, attempts: 3 })]);
    meter.add([call({ kind: "embedding", model: "embedder", promptTokens: 7 })]);
    meter.add([call({ promptTokens: 999, completionTokens: 999, cached: true })]);
    expect(meter.spend).toEqual({
      requests: 5,
      chatRequests: 4,
      embeddingRequests: 1,
      cachedRequests: 1,
      promptTokens: 157,
      completionTokens: 25,
      byModel: {
        judge: { requests: 4, promptTokens: 150, completionTokens: 25 },
        embedder: { requests: 1, promptTokens: 7, completionTokens: 0 },
      },
    });
  });

  it("hands out copies: what was read does not move with later calls", () => {
    const meter = new SpendMeter();
    meter.add([call({ promptTokens: 10 })]);
    const before = meter.spend;
    meter.add([call({ promptTokens: 30 })]);
    expect(before.promptTokens).toBe(10);
    expect(before.byModel.judge!.promptTokens).toBe(10);
    expect(meter.spend.byModel.judge!.promptTokens).toBe(40);
  });
});
