import type { MetricTraces } from "../../../src/engine/metrics/registry";
import type { MetricId } from "../../../src/engine/metrics/types";
import type { CallRecord, MetricResult } from "../../../src/engine/result";
import { allCalls, summarize, usageOf, type SampleResult } from "../../../src/engine/run/aggregate";
import type { Sample } from "../../../src/engine/sample";
import { buildReport, promptsUsed } from "../../../src/storage/format/report-build";

/** A small hand-made run: two samples, two metrics, one coded null. */
export const FAKE_KEY = "sk-fixture-DO-NOT-LEAK-9f8e7d6c";

const call = (promptId: string, kind: "chat" | "embedding" = "chat"): CallRecord => ({
  kind,
  promptId,
  promptHash: "abc123",
  model: "judge",
  promptTokens: 100,
  completionTokens: 20,
  ms: 50,
  cached: false,
  attempts: 1,
  messages: [{ role: "user", content: "long prompt text" }],
  reply: '{"statements":[]}',
});

export const samples: Sample[] = [
  {
    id: "s1",
    question: "Where does the Nile end?",
    answer: "In the Mediterranean. It is long.",
    contexts: ["The Nile empties into the Mediterranean Sea."],
    reference: "The Mediterranean Sea.",
  },
  { id: "s2", question: "Q2", answer: "I don't know.", contexts: ["c"] },
];

export const metrics: MetricId[] = ["faithfulness", "context_precision"];

function results(): SampleResult[] {
  const faithful: MetricResult<MetricTraces["faithfulness"]> = {
    score: 0.5,
    reason: "1 of 2 statements are supported by the contexts",
    trace: {
      statements: [
        { text: "The Nile ends in the Mediterranean.", verdict: 1, reason: "stated" },
        { text: "The Nile is long.", verdict: 0, reason: "not stated" },
      ],
      calls: [call("faithfulness.statements"), call("faithfulness.verdicts")],
    },
  };
  const precision: MetricResult<MetricTraces["context_precision"]> = {
    score: 1,
    reason: "useful at rank 1",
    trace: { contexts: [{ index: 0, verdict: 1, reason: "useful" }], calls: [call("context_precision.verdicts")] },
  };
  const noStatements: MetricResult<MetricTraces["faithfulness"]> = {
    score: null,
    error: { code: "no_statements", message: "the answer makes no claim" },
    trace: { statements: [], calls: [call("faithfulness.statements")] },
  };
  const missing: MetricResult = { score: null, error: { code: "missing_input", message: "needs a reference answer" }, trace: { calls: [] } };
  return [
    { sampleId: "s1", metrics: { faithfulness: faithful, context_precision: precision } },
    { sampleId: "s2", metrics: { faithfulness: noStatements, context_precision: missing } },
  ];
}

export function fakeOutput() {
  const r = results();
  return { results: r, summary: summarize(r, metrics), usage: usageOf(allCalls(r)), peakInFlight: 3 };
}

export function fakeReport(extraConfig: Record<string, unknown> = {}) {
  return buildReport({
    samples,
    output: fakeOutput(),
    config: { baseURL: "https://api.example.com/v1", model: "judge", concurrency: 4, metrics, prompts: promptsUsed(metrics), ...extraConfig },
    generator: { name: "test", version: "0.0.1" },
    createdAt: new Date("2025-01-02T03:04:05Z"),
    wallMs: 1234.4,
  });
}
