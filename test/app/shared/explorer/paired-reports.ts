import type { MetricResult } from "../../../../src/engine/result";
import { exactMatchTrace, scoreExactMatch } from "../../../../src/engine/metrics/exact_match/score";
import { allCalls, summarize, usageOf } from "../../../../src/engine/run/aggregate";
import { buildReport } from "../../../../src/storage/format/report-build";
import type { Report } from "../../../../src/storage/format/report-schema";
import { resultFor } from "./scored-report";

/**
 * A two-metric report (faithfulness, with traces that give each score, and exact_match, 0/1) for
 * the comparison's tests: the same sample ids in every report, so two of them pair up.
 */
export function pairedReport(
  faithfulness: readonly (number | null)[],
  matches: readonly (0 | 1)[],
  model = "judge-a",
  /** Contract 14's thresholds: the report marks each result pass / fail. */
  thresholds?: Record<string, number>,
): Report {
  const ids = faithfulness.map((_, i) => `s${i}`);
  const samples = ids.map((id, i) => {
    const reference = `reference ${i}`;
    return { id, question: `question ${i}`, answer: matches[i] === 1 ? reference : `answer ${i}`, contexts: [`context ${i}`], reference };
  });
  const results = samples.map((s, i) => ({
    sampleId: s.id,
    metrics: { faithfulness: resultFor(faithfulness[i] ?? null), exact_match: exactMatch(s.answer, s.reference) },
  }));
  const metrics = ["faithfulness", "exact_match"] as const;
  return buildReport({
    samples,
    output: { results, summary: summarize(results, [...metrics]), usage: usageOf(allCalls(results)) },
    config: { baseURL: "http://judge.example/v1", model, concurrency: 2, metrics: [...metrics], prompts: [], ...(thresholds ? { thresholds } : {}) },
    generator: { name: "test", version: "0" },
    createdAt: new Date("2026-01-01T00:00:00Z"),
  });
}

function exactMatch(answer: string, reference: string): MetricResult {
  const trace = { ...exactMatchTrace(answer, reference), calls: [] };
  const outcome = scoreExactMatch(trace);
  return { score: outcome.score, reason: "r", trace };
}

const N = 30;
/** Base faithfulness 0.45-0.95 in steps of 1/20; exact match on two samples in three. */
const baseFaithfulness = Array.from({ length: N }, (_, i) => ((i * 7) % 11) / 20 + 0.45);
const baseMatches = Array.from({ length: N }, (_, i) => (i % 3 === 0 ? 0 : 1) as 0 | 1);

/**
 * Base and candidate of the comparison's browser test and component tests: faithfulness worse by
 * 0.25 on every sample by construction (sample s3 a null in the candidate: left out), exact match
 * the same but for two samples that flip opposite ways (no detectable difference).
 */
export function worseCandidatePair(): { base: Report; candidate: Report } {
  const candidateFaithfulness = baseFaithfulness.map((f, i) => (i === 3 ? null : Math.max(0, Math.round((f - 0.25) * 20) / 20)));
  const candidateMatches = baseMatches.map((m, i) => (i === 0 ? 1 : i === 1 ? 0 : m));
  return { base: pairedReport(baseFaithfulness, baseMatches, "judge-a"), candidate: pairedReport(candidateFaithfulness, candidateMatches, "judge-b") };
}
