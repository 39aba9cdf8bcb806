import type { MetricResult } from "../../../../src/engine/result";
import { allCalls, summarize, usageOf } from "../../../../src/engine/run/aggregate";
import { buildReport } from "../../../../src/storage/format/report-build";
import type { Report } from "../../../../src/storage/format/report-schema";

/**
 * A faithfulness-only report with the given scores (null = a no_statements null). Each score is
 * k/20 statements supported, so the trace really gives it and the report passes parseReport.
 */
export function scoredReport(scores: (number | null)[], ids = scores.map((_, i) => `s${i}`), text = (i: number) => `question ${i}`): Report {
  const samples = scores.map((_, i) => ({ id: ids[i]!, question: text(i), answer: `answer ${i}`, contexts: [`context ${i}`] }));
  const results = scores.map((score, i) => ({ sampleId: ids[i]!, metrics: { faithfulness: resultFor(score) } }));
  return buildReport({
    samples,
    output: { results, summary: summarize(results, ["faithfulness"]), usage: usageOf(allCalls(results)) },
    config: { baseURL: "http://judge.example/v1", model: "judge-a", concurrency: 2, metrics: ["faithfulness"], prompts: [] },
    generator: { name: "test", version: "0" },
    createdAt: new Date("2026-01-01T00:00:00Z"),
  });
}

export function resultFor(score: number | null): MetricResult<{ calls: []; statements: unknown[] }> {
  if (score === null) return { score: null, error: { code: "no_statements", message: "no claim" }, trace: { statements: [], calls: [] } };
  const yes = Math.round(score * 20);
  const statements = Array.from({ length: 20 }, (_, k) => ({ text: `statement ${k}`, verdict: k < yes ? 1 : 0, reason: "r" }));
  return { score: yes / 20, reason: `${yes} of 20`, trace: { statements, calls: [] } };
}

/** n scores k/20 spread over [0, 1], every 50th a coded null; deterministic (the explorer's big-report tests). */
export const spreadScores = (n: number): (number | null)[] => Array.from({ length: n }, (_, i) => (i % 50 === 7 ? null : ((i * 7) % 21) / 20));
