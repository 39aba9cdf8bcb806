import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { evaluate, parseMetricOptions, recomputeScore } from "../../../../src/engine";
import { RETRIEVAL_METRIC_IDS } from "../../../../src/engine/metrics/types";
import type { Sample } from "../../../../src/engine/sample";
import { TRACE_FIELDS } from "../../../../src/storage/format/trace-schemas";

/**
 * Every retrieval metric against test/fixtures/retrieval/reference.json: contract 15's formulas
 * written again in Python (make_reference.py), NDCG cross-checked there against scikit-learn's
 * ndcg_score, over duplicates, empty lists, no relevant id, graded gains, k past the list and the
 * known bugs of this family. Scored through evaluate() with no judge, as the CLI and app score them.
 */
interface Case {
  name: string;
  retrieved: string[];
  reference: string[];
  grades?: Record<string, number>;
  k: number;
  bug?: { metric: string; value: number };
  expected: Record<(typeof RETRIEVAL_METRIC_IDS)[number], number | null>;
}
const reference = JSON.parse(readFileSync(new URL("../../../fixtures/retrieval/reference.json", import.meta.url), "utf8")) as {
  ndcgCheckedAgainstSklearn: number;
  cases: Case[];
};
const CUTOFF = new Set(["hit_rate", "precision_at_k", "recall_at_k", "mrr", "average_precision", "ndcg_at_k"]);

const sampleOf = (c: Case, i: number): Sample => ({
  id: `case-${i}`,
  question: "",
  answer: "",
  contexts: [],
  retrievedContextIds: c.retrieved,
  referenceContextIds: c.reference,
  ...(c.grades ? { referenceContextGrades: c.grades } : {}),
});

describe("retrieval metrics equal the committed reference values", () => {
  it("the reference covers what the issue asks: >= 60 cases, the bug cases, sklearn's NDCG", () => {
    const { cases } = reference;
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(reference.ndcgCheckedAgainstSklearn).toBeGreaterThanOrEqual(60);
    expect(cases.some((c) => c.retrieved.length === 0)).toBe(true);
    expect(cases.some((c) => new Set(c.retrieved).size < c.retrieved.length)).toBe(true);
    expect(cases.some((c) => c.expected.mrr === null)).toBe(true);
    expect(cases.some((c) => c.grades && Object.values(c.grades).some((g) => g > 1))).toBe(true);
    expect(cases.some((c) => c.k > c.retrieved.length && c.retrieved.length > 0)).toBe(true);
    expect(cases.filter((c) => c.bug).map((c) => c.bug!.metric)).toEqual(["ndcg_at_k", "ndcg_at_k", "recall_at_k"]);
  });

  for (const kAs of ["CLI text", "a number"] as const) {
    it(`every case, every metric, to 1e-12, with k given as ${kAs}`, async () => {
      // Each case runs in its own evaluate() because k differs; the metrics run together in one.
      let compared = 0;
      for (const [i, c] of reference.cases.entries()) {
        const metricOptions = Object.fromEntries(
          RETRIEVAL_METRIC_IDS.filter((id) => CUTOFF.has(id)).map((id) => {
            const parsed = parseMetricOptions(id, { k: kAs === "CLI text" ? String(c.k) : c.k });
            if (!parsed.ok) throw new Error(parsed.message);
            return [id, parsed.options];
          }),
        );
        const out = await evaluate([sampleOf(c, i)], [...RETRIEVAL_METRIC_IDS], { concurrency: 1, metricOptions });
        const metrics = out.results[0]!.metrics;
        for (const id of RETRIEVAL_METRIC_IDS) {
          const result = metrics[id]!;
          const want = c.expected[id];
          expect(result.trace.calls, `${c.name}: ${id} made a request`).toEqual([]);
          if (want === null) {
            expect(result.score, `${c.name}: ${id}`).toBeNull();
            expect(result.error?.code, `${c.name}: ${id}`).toBe("missing_input");
          } else {
            expect(result.error, `${c.name}: ${id}`).toBeUndefined();
            expect(Math.abs(result.score! - want), `${c.name}: ${id} = ${result.score}, reference ${want}`).toBeLessThanOrEqual(1e-12);
          }
          // The trace alone gives the score back, and passes the report checker's schema.
          expect(recomputeScore(id, result.trace).score).toBe(result.score);
          expect(TRACE_FIELDS[id].safeParse(result.trace).success, `${c.name}: ${id} trace`).toBe(true);
          compared++;
        }
      }
      expect(compared).toBe(reference.cases.length * RETRIEVAL_METRIC_IDS.length);
    });
  }
});
