import { describe, expect, it } from "vitest";
import { evaluate, recomputeScore, type Sample } from "../../../src/engine";
import { scriptedJudge, tableEmbedder } from "../fake-judge";

const sample: Sample = { id: "s", question: "q", answer: "Paris is the capital.", reference: "The capital is Paris.", contexts: [] };

describe("semantic similarity", () => {
  it("is the clamped cosine of the two embeddings, from one embeddings request and no judge call", async () => {
    const { judge, requests } = scriptedJudge({});
    const { embedder, batches } = tableEmbedder({ [sample.answer]: [0.6, 0.8], [sample.reference!]: [1, 0] });
    const out = await evaluate([sample], ["semantic_similarity"], { judge, embedder, concurrency: 4 });
    const result = out.results[0]!.metrics.semantic_similarity!;
    expect(result.score).toBeCloseTo(0.6, 12);
    expect(result.trace).toMatchObject({ similarity: expect.closeTo(0.6, 12) });
    expect(recomputeScore("semantic_similarity", result.trace).score).toBe(result.score);
    expect(batches).toEqual([[sample.answer, sample.reference]]);
    expect(requests).toHaveLength(0);
  });

  it("scores a negative cosine 0 and keeps the raw value in the trace", async () => {
    const { judge } = scriptedJudge({});
    const { embedder } = tableEmbedder({ [sample.answer]: [-1, 0], [sample.reference!]: [1, 0] });
    const result = (await evaluate([sample], ["semantic_similarity"], { judge, embedder, concurrency: 4 })).results[0]!.metrics.semantic_similarity!;
    expect(result.score).toBe(0);
    expect(result.trace).toMatchObject({ similarity: -1 });
  });

  it("needs the reference and an embedding model (coded nulls)", async () => {
    const { judge } = scriptedJudge({});
    const noRef = await evaluate([{ ...sample, reference: undefined }], ["semantic_similarity"], { judge, concurrency: 4 });
    expect(noRef.results[0]!.metrics.semantic_similarity).toMatchObject({ score: null, error: { code: "missing_input" } });
    const noEmbedder = await evaluate([sample], ["semantic_similarity"], { judge, concurrency: 4 });
    expect(noEmbedder.results[0]!.metrics.semantic_similarity).toMatchObject({ score: null, error: { code: "missing_input" } });
  });
});
