import { describe, expect, it } from "vitest";
import { evaluate } from "../../../src/engine";
import { RETRIEVAL_METRIC_IDS } from "../../../src/engine/metrics/types";
import type { Sample } from "../../../src/engine/sample";
import { buildReport, promptsUsed, serializeReport } from "../../../src/storage/format/report-build";
import { parseReport } from "../../../src/storage/format/report-parse";

/**
 * A report with every retrieval metric (contract 15), graded gains included, opens through the
 * report checker; a hand-edited ranked list (a gain, relevantGains, R) is refused by its path. The
 * metrics make no request, so this needs no server.
 */
const samples: Sample[] = [
  {
    id: "graded",
    question: "q",
    answer: "a",
    contexts: [],
    retrievedContextIds: ["d2", "x", "d1", "d2", "d3"],
    referenceContextIds: ["d1", "d2", "d9"],
    referenceContextGrades: { d1: 3, d3: 2, d9: 0 },
  },
  { id: "empty", question: "q", answer: "a", contexts: [], retrievedContextIds: [], referenceContextIds: ["d1"] },
  { id: "no-relevant", question: "q", answer: "a", contexts: [], retrievedContextIds: ["d1"], referenceContextIds: [] },
];
const metrics = [...RETRIEVAL_METRIC_IDS];
const metricOptions = { ndcg_at_k: { k: 3 }, precision_at_k: { k: 2 } };

async function reportText(): Promise<string> {
  const output = await evaluate(samples, metrics, { concurrency: 1, metricOptions });
  const report = buildReport({
    samples,
    output,
    config: { baseURL: "", model: "", concurrency: 1, metrics, metricOptions, prompts: promptsUsed(metrics, {}, []) },
    generator: { name: "test", version: "0" },
  });
  return serializeReport(report);
}

// biome-ignore lint/suspicious/noExplicitAny: a test edits an arbitrary JSON tree
type Json = any;

describe("reports with the retrieval metrics", () => {
  it("open with every trace as written, graded gains and the ideal's gains kept; hand edits are refused by path", async () => {
    const text = await reportText();
    const parsed = parseReport(text, "r.json");
    if (!parsed.ok) throw parsed.error;
    const { report } = parsed;
    expect(report.samples[0]!.referenceContextGrades).toEqual({ d1: 3, d3: 2, d9: 0 });
    const graded = report.results[0]!.metrics;
    // De-duplicated: d2 (gain 1), x (0), d1 (3), d3 (2); d9 is graded 0, so R = 3 with gains 3, 2, 1.
    expect(graded.ndcg_at_k!.trace).toEqual({
      k: 3,
      retrieved: [
        { id: "d2", rank: 1, gain: 1 },
        { id: "x", rank: 2, gain: 0 },
        { id: "d1", rank: 3, gain: 3 },
        { id: "d3", rank: 4, gain: 2 },
      ],
      relevantCount: 3,
      relevantGains: [3, 2, 1],
      calls: [],
    });
    // DCG@3 = 1 + 3/2 = 2.5; IDCG@3 = 3 + 2/log2(3) + 1/2.
    expect(graded.ndcg_at_k!.score).toBeCloseTo(2.5 / (3.5 + 2 / Math.log2(3)), 12);
    expect(graded.precision_at_k!.score).toBe(0.5);
    expect(graded.r_precision!.score).toBeCloseTo(2 / 3, 12);
    expect(graded.id_context_precision!.score).toBe(0.75);
    expect(graded.id_context_recall!.score).toBe(1);
    expect(graded.mrr!.score).toBe(1);
    for (const id of metrics) {
      expect(report.results[1]!.metrics[id]!.score, id).toBe(0);
      expect(report.results[2]!.metrics[id]!.error?.code, id).toBe("missing_input");
    }
    expect(report.summary.ndcg_at_k).toMatchObject({ count: 2, nullCount: 1 });

    const refused = (change: (doc: Json) => void) => {
      const doc = JSON.parse(text);
      change(doc);
      const out = parseReport(JSON.stringify(doc), "r.json");
      return out.ok ? "opened" : out.error.message;
    };
    const ndcgAt = "r.json: results[0].metrics.ndcg_at_k";
    // The ideal's gains are what NDCG divides by: changing them changes the score the checker recomputes
    // (here a fourth relevant id of gain 3, never retrieved).
    expect(refused((d) => Object.assign(d.results[0].metrics.ndcg_at_k.trace, { relevantCount: 4, relevantGains: [3, 3, 2, 1] }))).toMatch(
      new RegExp(`^${escapeRegExp(ndcgAt)}\\.score: the score`),
    );
    // A retrieved gain no relevant id has (DCG over its ideal) is refused before any score is recomputed.
    expect(refused((d) => (d.results[0].metrics.ndcg_at_k.trace.retrieved[2].gain = 5))).toMatch(
      new RegExp(`^${escapeRegExp(ndcgAt)}\\.trace\\.relevantGains: every relevant retrieved id's gain`),
    );
    expect(refused((d) => (d.results[0].metrics.r_precision.trace.relevantCount = 2))).toMatch(
      /^r\.json: results\[0\]\.metrics\.r_precision\.trace\.relevantGains: there must be one gain per relevant id/,
    );
  });
});

const escapeRegExp = (s: string) => s.replace(/[.[\]]/g, "\\$&");
