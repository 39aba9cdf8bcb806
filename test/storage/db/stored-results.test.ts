import { describe, expect, it } from "vitest";
import { storedMetricIdsSchema, storedResultsSchema } from "../../../src/storage/db/stored-results";

const call = { kind: "chat", promptId: "p", promptHash: "h", model: "m", promptTokens: 1, completionTokens: 1, ms: 1, cached: false, attempts: 1 };

describe("stored results (history, session, dataset runs)", () => {
  it("keep issue 16's metrics and custom judges, drop a newer build's metric", () => {
    const parsed = storedResultsSchema.parse({
      factual_correctness: {
        score: 0.5,
        trace: {
          mode: "recall",
          beta: 1,
          atomicity: "low",
          coverage: "low",
          claims: [],
          referenceClaims: [
            { text: "a", verdict: 1 },
            { text: "b", verdict: 0 },
          ],
          calls: [call],
        },
      },
      "custom:politeness": { score: 1, trace: { scale: "binary", votes: [{ value: 1, reason: "kind" }], calls: [call] } },
      bleu_from_the_future: { score: 0.3, trace: { calls: [] } },
    });
    expect(Object.keys(parsed).sort()).toEqual(["custom:politeness", "factual_correctness"]);
    expect(storedMetricIdsSchema.parse(["faithfulness", "noise_sensitivity", "custom:politeness", "mystery"])).toEqual([
      "faithfulness",
      "noise_sensitivity",
      "custom:politeness",
    ]);
  });

  it("refuse a malformed trace of a new metric, by path", () => {
    const bad = storedResultsSchema.safeParse({
      "custom:politeness": { score: 1, trace: { scale: "binary", votes: [{ value: 3, reason: "?" }], calls: [] } },
    });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(bad.error.issues[0]!.path).toEqual(["custom:politeness", "trace", "votes", 0, "value"]);
  });
});
