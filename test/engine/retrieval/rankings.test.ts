import { describe, expect, it } from "vitest";
import { evaluate } from "../../../src/engine";
import type { Sample } from "../../../src/engine/sample";
import { verdictAgreement } from "../../../src/engine/retrieval/judge-agreement";
import { kSweep, labelScores } from "../../../src/engine/retrieval/k-sweep";
import { rankingsOf } from "../../../src/engine/retrieval/rankings";

const verdicts = (...v: (0 | 1)[]) => ({ trace: { contexts: v.map((verdict, index) => ({ index, verdict, reason: "" })), calls: [] } });

const withIds: Sample[] = [
  // ranks: a (relevant), x, b (relevant); R = 3 (c never retrieved)
  { id: "s1", question: "q", answer: "a", contexts: ["A", "X", "B"], retrievedContextIds: ["a", "x", "b"], referenceContextIds: ["a", "b", "c"] },
  // ranks: y, d (relevant); R = 1
  { id: "s2", question: "q", answer: "a", contexts: ["Y", "D"], retrievedContextIds: ["y", "d"], referenceContextIds: ["d"] },
];
const withoutIds: Sample = { id: "s3", question: "q", answer: "a", contexts: ["P", "Q", "R"] };

async function idResults() {
  const out = await evaluate(withIds, ["hit_rate"], { concurrency: 1, metricOptions: { hit_rate: { k: 1 } } });
  return out.results;
}

describe("rankings kept in a report: K-sweep, labels from the judge, agreement", () => {
  it("the K-sweep averages precision, recall and NDCG at k = 1..20 from the traces, whatever k the run used", async () => {
    const results = [...(await idResults()), { sampleId: "s3", metrics: { context_precision: verdicts(0, 1, 0) } }];
    const rankings = rankingsOf([...withIds, withoutIds], results);
    expect(rankings.map((r) => [r.sampleId, r.source])).toEqual([
      ["s1", "ids"],
      ["s2", "ids"],
      ["s3", "judge"],
    ]);
    const sweep = kSweep(rankings);
    expect(sweep.samples).toEqual({ ids: 2, judge: 1 });
    expect(sweep.points).toHaveLength(20);
    const [k1, k2, k3] = sweep.points;
    // k = 1: s1 hit (1/1), s2 miss, s3 miss.
    expect(k1).toEqual({ k: 1, precision: 1 / 3, recall: (1 / 3 + 0 + 0) / 3, ndcg: 1 / 3 });
    expect(k2!.precision).toBeCloseTo((1 / 2 + 1 / 2 + 1 / 2) / 3, 15);
    expect(k2!.recall).toBeCloseTo((1 / 3 + 1 + 1) / 3, 15);
    const ndcgS1k3 = (1 + 1 / 2) / (1 + 1 / Math.log2(3) + 1 / 2);
    expect(k3!.ndcg).toBeCloseTo((ndcgS1k3 + 1 / Math.log2(3) + 1 / Math.log2(3)) / 3, 15);
    expect(sweep.points[19]).toMatchObject({ k: 20, recall: (2 / 3 + 1 + 1) / 3, precision: (2 / 20 + 1 / 20 + 1 / 20) / 3 });
  });

  it("a sample without ids takes hit rate, MRR and NDCG from the context precision verdicts, and says so", () => {
    const rankings = rankingsOf(
      [withoutIds, { ...withoutIds, id: "s4" }],
      [
        { sampleId: "s3", metrics: { context_precision: verdicts(0, 1, 0) } },
        { sampleId: "s4", metrics: { context_precision: verdicts(0, 0, 0) } },
      ],
    );
    expect(rankings[0]!.list.retrieved).toEqual([
      { id: "#1", rank: 1, gain: 0 },
      { id: "#2", rank: 2, gain: 1 },
      { id: "#3", rank: 3, gain: 0 },
    ]);
    // s4 has no useful context: no relevant label, left out of the means (as a null would be).
    expect(labelScores(rankings, "judge")).toEqual({ hitRate: 1, mrr: 0.5, ndcg: 1 / Math.log2(3), samples: 1 });
    expect(labelScores(rankings, "ids")).toBeUndefined();
    expect(kSweep([]).points).toEqual([]);
  });

  it("counts where the judge's verdicts and the reference ids agree, with the confusion counts", () => {
    const results = [
      { sampleId: "s1", metrics: { context_precision: verdicts(1, 1, 0) } }, // a: both, x: judge only, b: ids only
      { sampleId: "s2", metrics: { context_precision: verdicts(0, 1) } }, // y: neither, d: both
      { sampleId: "s5", metrics: { context_precision: verdicts(1) } },
    ];
    const unpaired: Sample = { id: "s5", question: "q", answer: "a", contexts: ["A", "B"], retrievedContextIds: ["a"], referenceContextIds: ["a"] };
    expect(verdictAgreement([...withIds, unpaired, withoutIds], results)).toEqual({
      bothRelevant: 2,
      judgeOnly: 1,
      idsOnly: 1,
      neither: 1,
      contexts: 5,
      agreement: 3 / 5,
      samples: 2,
      skipped: 1,
    });
  });
});
