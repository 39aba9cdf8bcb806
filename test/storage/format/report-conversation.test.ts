import { describe, expect, it } from "vitest";
import { evaluate, type MetricId, type Sample } from "../../../src/engine";
import { buildReport, parseReport, promptsUsed, serializeReport } from "../../../src/storage/format/report";

/** A conversation dataset (contract 16) exports as a report that keeps its turns and recomputes its tool-call scores. */
const METRICS: MetricId[] = ["tool_call_accuracy", "tool_call_f1", "bleu"];
const samples: Sample[] = [
  {
    id: "conv",
    question: "",
    answer: "",
    contexts: [],
    messages: [
      { role: "user", content: "天气？" },
      {
        role: "assistant",
        content: "",
        toolCalls: [
          { name: "weather", args: { city: "北京", extra: [1] } },
          { name: "news", args: {} },
        ],
      },
    ],
    referenceToolCalls: [{ name: "weather", args: { city: "北京" } }],
    referenceTopics: ["天气"],
  },
];

describe("a conversation report", () => {
  it("keeps the turns, calls and topics, scores the tool-call metrics, says what the others lack, and is refused when a pair is forged", async () => {
    const output = await evaluate(samples, METRICS, { concurrency: 1, metricOptions: { tool_call_accuracy: { order: "any" } } });
    const report = buildReport({
      samples,
      output,
      config: { baseURL: "", model: "", concurrency: 1, metrics: METRICS, prompts: promptsUsed(METRICS) },
      generator: { name: "test", version: "0.0.1" },
      createdAt: new Date("2026-01-01T00:00:00Z"),
      wallMs: 1,
    });
    const parsed = parseReport(serializeReport(report), "run.json");
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.report.samples).toEqual(samples);
    const metrics = parsed.report.results[0]!.metrics;
    // 1 of 1 reference call matched among 2 made: accuracy 1/2; f1 with P = 1/2, R = 1 -> 2/3.
    expect(metrics.tool_call_accuracy).toMatchObject({ score: 0.5, trace: { order: "any" } });
    expect(metrics.tool_call_f1!.score).toBeCloseTo(2 / 3, 12);
    expect(metrics.bleu).toMatchObject({ score: null, error: { code: "missing_input" } });
    const forged = JSON.parse(serializeReport(report));
    forged.results[0].metrics.tool_call_accuracy.trace.pairs = [
      { reference: 0, predicted: 0 },
      { reference: null, predicted: 0 },
    ];
    const refused = parseReport(JSON.stringify(forged), "run.json");
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toContain("tool_call_accuracy");
  });
});
