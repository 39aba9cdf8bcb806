import { describe, expect, it } from "vitest";
import { evaluate, recomputeScore, type Sample } from "../../../src/engine";
import { scriptedJudge } from "../fake-judge";

const sample: Sample = {
  id: "wall",
  question: "When did the Berlin Wall fall?",
  answer: "It fell on 9 November 1989.",
  contexts: ["The Wall was built in 1961.", "The Wall fell on 9 November 1989."],
};

describe("context utilization", () => {
  const reply = {
    verdicts: [
      { reason: "built, not fell", verdict: 0 },
      { reason: "the date the answer gives", verdict: 1 },
    ],
  };

  it("is context precision judged against the answer: verdicts [0, 1] -> average precision 0.5, no reference needed", async () => {
    const { judge, requests } = scriptedJudge({ "context_utilization.verdicts": reply });
    const out = await evaluate([sample], ["context_utilization"], { judge, concurrency: 8 });
    const result = out.results[0]!.metrics.context_utilization!;
    expect(result.score).toBe(0.5);
    expect(recomputeScore("context_utilization", result.trace).score).toBe(0.5);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.messages[1]!.content).toBe(
      `Question: ${sample.question}\nAnswer: ${sample.answer}\nContexts:\n[1] ${sample.contexts[0]}\n[2] ${sample.contexts[1]}`,
    );
    expect(requests[0]!.output.jsonSchema).toMatchObject({ title: "context_utilization_verdicts", properties: { verdicts: { minItems: 2, maxItems: 2 } } });
    expect(result.reason).toBe("Useful contexts at ranks 2 of 2; useful contexts ranked lower pull the score down.");
  });

  it("takes perContextCalls like context precision: one call per context, in parallel", async () => {
    let k = 0;
    const { judge, requests, peak } = scriptedJudge({ "context_utilization.verdicts": () => ({ verdicts: [reply.verdicts[k++]] }) }, { delayMs: 5 });
    const out = await evaluate([sample], ["context_utilization"], { judge, concurrency: 8, metricOptions: { context_utilization: { perContextCalls: true } } });
    expect(requests).toHaveLength(2);
    expect(peak()).toBe(2);
    expect(out.results[0]!.metrics.context_utilization!.score).toBe(0.5);
  });
});
