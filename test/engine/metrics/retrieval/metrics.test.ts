import { describe, expect, it } from "vitest";
import { evaluate, parseMetricOptions } from "../../../../src/engine";
import { RETRIEVAL_METRIC_IDS } from "../../../../src/engine/metrics/types";
import { needsNoModel } from "../../../../src/engine/metrics/shared/text-metric";
import { METRICS } from "../../../../src/engine/metrics/registry";
import type { Sample } from "../../../../src/engine/sample";
import { TRACE_FIELDS } from "../../../../src/storage/format/trace-schemas";

const sample: Sample = {
  id: "s1",
  question: "q",
  answer: "a",
  contexts: [],
  retrievedContextIds: ["x", "a", "x", "b", "c"],
  referenceContextIds: ["a", "c", "z"],
  referenceContextGrades: { c: 3 },
};

describe("retrieval metrics (contract 15)", () => {
  it("need no model and write the ranked list, de-duplicated, with gains, k and R", async () => {
    for (const id of RETRIEVAL_METRIC_IDS) expect(needsNoModel(METRICS[id]), id).toBe(true);
    const out = await evaluate([sample], ["ndcg_at_k", "r_precision", "mrr"], { concurrency: 1, metricOptions: { ndcg_at_k: { k: 3 } } });
    const { ndcg_at_k: ndcg, r_precision: rp, mrr } = out.results[0]!.metrics;
    expect(ndcg!.trace).toEqual({
      k: 3,
      retrieved: [
        { id: "x", rank: 1, gain: 0 },
        { id: "a", rank: 2, gain: 1 },
        { id: "b", rank: 3, gain: 0 },
        { id: "c", rank: 4, gain: 3 },
      ],
      relevantCount: 3,
      relevantGains: [3, 1, 1],
      calls: [],
    });
    // DCG@3 = 1/log2(3); IDCG@3 = 3 + 1/log2(3) + 1/2.
    expect(ndcg!.score).toBeCloseTo(1 / Math.log2(3) / (3 + 1 / Math.log2(3) + 0.5), 14);
    expect(ndcg!.reason).toBe("DCG 0.631 of an ideal 4.131 over the first 3 ranks (3 relevant ids).");
    expect(rp!.trace).toMatchObject({ k: null });
    expect(rp!.score).toBe(1 / 3);
    expect(rp!.reason).toBe("1 of the first R = 3 retrieved ids are relevant.");
    expect(mrr!.score).toBe(0.5);
    expect(mrr!.trace).toMatchObject({ k: 10 });
    expect(mrr!.reason).toBe("The first relevant id (a) is at rank 2: 1/2.");
  });

  it("a sample without retrieved ids, or without a relevant id, is a coded null; an empty list is 0", async () => {
    const samples: Sample[] = [
      { id: "none", question: "q", answer: "a", contexts: ["c"] },
      { id: "irrelevant", question: "q", answer: "a", contexts: [], retrievedContextIds: ["a"], referenceContextIds: [] },
      { id: "empty", question: "q", answer: "a", contexts: [], retrievedContextIds: [], referenceContextIds: ["a"] },
    ];
    const out = await evaluate(samples, ["hit_rate"], { concurrency: 1 });
    const [none, irrelevant, empty] = out.results.map((r) => r.metrics.hit_rate!);
    expect(none!.error).toEqual({ code: "missing_input", message: "Hit rate needs the retrieved ids (retrievedContextIds / retrieved_context_ids)" });
    expect(irrelevant!.error).toEqual({ code: "missing_input", message: "no relevant id: the sample has no reference ids (or every grade is 0)" });
    expect(empty!.score).toBe(0);
    expect(empty!.reason).toBe("Nothing was retrieved, so the score is 0 (1 relevant id).");
  });

  it("option k: CLI text accepted, out of range or on a metric without a cutoff refused with the key named", () => {
    expect(parseMetricOptions("ndcg_at_k", { k: "5" })).toEqual({ ok: true, options: { k: 5 } });
    expect(parseMetricOptions("precision_at_k", { k: "0" })).toMatchObject({ ok: false, key: "k" });
    expect(parseMetricOptions("mrr", { k: "2.5" })).toMatchObject({ ok: false, key: "k" });
    expect(parseMetricOptions("r_precision", { k: "5" })).toEqual({ ok: false, message: "r_precision takes no options" });
    expect(METRICS.hit_rate.defaults).toEqual({ k: 10 });
  });

  it("the report checker refuses a hand-edited trace, naming the field", () => {
    const trace = { k: 2, retrieved: [{ id: "a", rank: 1, gain: 1 }], relevantCount: 1, relevantGains: [1], calls: [] };
    expect(TRACE_FIELDS.hit_rate.safeParse(trace).success).toBe(true);
    const refused = (id: keyof typeof TRACE_FIELDS, t: unknown) => TRACE_FIELDS[id].safeParse(t).error?.issues[0]?.path.join(".");
    expect(refused("hit_rate", { ...trace, k: null })).toBe("k");
    expect(refused("r_precision", trace)).toBe("k");
    expect(refused("hit_rate", { ...trace, retrieved: [{ id: "a", rank: 2, gain: 1 }] })).toBe("retrieved");
    expect(refused("hit_rate", { ...trace, retrieved: [trace.retrieved[0], { id: "a", rank: 2, gain: 0 }] })).toBe("retrieved");
    expect(refused("hit_rate", { ...trace, relevantCount: 2 })).toBe("relevantGains");
    expect(refused("hit_rate", { ...trace, relevantCount: 2, relevantGains: [1, 2] })).toBe("relevantGains");
    expect(refused("hit_rate", { ...trace, retrieved: [{ id: "a", rank: 1, gain: -1 }] })).toBe("retrieved.0.gain");
  });

  it("tell the card's why from the trace in English and Chinese, counting where each score counts", async () => {
    const out = await evaluate([sample], ["ndcg_at_k", "r_precision", "id_context_recall"], { concurrency: 1, metricOptions: { ndcg_at_k: { k: 3 } } });
    const summary = (id: "ndcg_at_k" | "r_precision" | "id_context_recall") => METRICS[id].summarize!(out.results[0]!.metrics[id]!.trace as never);
    // Ranks after de-duplication: x, a, b, c; relevant a (rank 2), c (rank 4), z (never retrieved).
    expect(summary("ndcg_at_k")).toEqual({ en: "1 of 3 relevant ids in the top 3.", zh: "3 个相关编号中有 1 个排在前 3 名。" });
    expect(summary("r_precision")).toEqual({ en: "1 of 3 relevant ids in the top R = 3.", zh: "3 个相关编号中有 1 个排在前 R = 3 名。" });
    expect(summary("id_context_recall")).toEqual({ en: "2 of 3 relevant ids among the 4 retrieved.", zh: "3 个相关编号中有 2 个出现在 4 个检索结果中。" });
    // No relevant id: nothing to count, the card shows the engine's reason.
    expect(METRICS.mrr.summarize!({ k: 5, retrieved: [], relevantCount: 0, relevantGains: [], calls: [] } as never)).toBeUndefined();
  });

  it("sit on the retrieval shelf with k as their option field where they have a cutoff, scored in a batch run's first pass", () => {
    for (const id of RETRIEVAL_METRIC_IDS) {
      expect(METRICS[id].family, id).toBe("retrieval");
      expect(METRICS[id].batchRounds, id).toBe(0);
      expect(METRICS[id].pickerInputs, id).toEqual(["retrievedContextIds", "referenceContextIds"]);
    }
    const withK = RETRIEVAL_METRIC_IDS.filter((id) => METRICS[id].optionFields?.some((f) => f.key === "k"));
    expect(withK).toEqual(["hit_rate", "precision_at_k", "recall_at_k", "mrr", "average_precision", "ndcg_at_k"]);
  });
});
