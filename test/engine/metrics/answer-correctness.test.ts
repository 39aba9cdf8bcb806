import { describe, expect, it } from "vitest";
import { evaluate, recomputeScore, type AnswerCorrectnessTrace, type Sample } from "../../../src/engine";
import { factualityF1, scoreAnswerCorrectness } from "../../../src/engine/metrics/answer_correctness/score";
import { tableEmbedder } from "../fake-judge";
import { workedJudge } from "./worked-judge";

/** README worked example: one answer statement right, one wrong; two reference facts not covered. */
const sample: Sample = {
  id: "eiffel",
  question: "Where is the Eiffel Tower and when was it completed?",
  answer: "The Eiffel Tower is in Paris. It was completed in 1899.",
  reference: "The Eiffel Tower is in Paris. It was completed in 1889 for the World's Fair.",
  contexts: [],
};
const judgeFor = () =>
  workedJudge({
    statements: {
      [sample.answer]: ["The Eiffel Tower is in Paris.", "The Eiffel Tower was completed in 1899."],
      [sample.reference!]: ["The Eiffel Tower is in Paris.", "The Eiffel Tower was completed in 1889.", "The Eiffel Tower was built for the World's Fair."],
    },
    sources: { answer: sample.answer, reference: sample.reference! },
    nli: {
      "reference | The Eiffel Tower is in Paris.": 1,
      "reference | The Eiffel Tower was completed in 1899.": 0,
      "answer | The Eiffel Tower is in Paris.": 1,
      "answer | The Eiffel Tower was completed in 1889.": 0,
      "answer | The Eiffel Tower was built for the World's Fair.": 0,
    },
  });
// cos([0.8, 0.6], [1, 0]) = 0.8
const vectors = { [sample.answer]: [0.8, 0.6], [sample.reference!]: [1, 0] };

describe("answer correctness, worked example", () => {
  it("TP 1, FP 1, FN 2: F1 = 1 / (1 + 3/2) = 0.4; with similarity 0.8: 0.75 x 0.4 + 0.25 x 0.8 = 0.5", async () => {
    const { judge, requests } = judgeFor();
    const { embedder, batches } = tableEmbedder(vectors);
    const out = await evaluate([sample], ["answer_correctness"], { judge, embedder, concurrency: 8 });
    const result = out.results[0]!.metrics.answer_correctness!;
    const trace = result.trace as AnswerCorrectnessTrace;
    expect(trace.statements.map((s) => s.verdict)).toEqual([1, 0]);
    expect(trace.referenceStatements.map((s) => s.verdict)).toEqual([1, 0, 0]);
    expect(trace.similarity).toBeCloseTo(0.8, 12);
    expect(trace.weights).toEqual([0.75, 0.25]);
    expect(factualityF1(trace)).toBeCloseTo(0.4, 12);
    expect(result.score).toBeCloseTo(0.5, 12);
    expect(recomputeScore("answer_correctness", trace).score).toBe(result.score);
    // 2 extractions + 2 checks (one per direction, one verdict per given statement), 1 embeddings request for both texts.
    expect(requests.map((r) => r.promptId).sort()).toEqual([
      "faithfulness.statements",
      "faithfulness.statements",
      "faithfulness.verdicts",
      "faithfulness.verdicts",
    ]);
    expect(batches).toEqual([[sample.answer, sample.reference]]);
    expect(result.reason).toContain('missing: "The Eiffel Tower was completed in 1889."; "The Eiffel Tower was built for the World\'s Fair."');
  });

  it("weights [1, 0] score factuality alone and make no embedding request (no embedder needed)", async () => {
    const { judge } = judgeFor();
    const out = await evaluate([sample], ["answer_correctness"], { judge, concurrency: 8, metricOptions: { answer_correctness: { weights: [1, 0] } } });
    const result = out.results[0]!.metrics.answer_correctness!;
    expect(result.score).toBeCloseTo(0.4, 12);
    expect((result.trace as AnswerCorrectnessTrace).similarity).toBeNull();
    expect(result.trace.calls.filter((c) => c.kind === "embedding")).toHaveLength(0);
  });

  it("needs an embedding model with the default weights: a coded null, not a crash", async () => {
    const { judge } = judgeFor();
    const out = await evaluate([sample], ["answer_correctness"], { judge, concurrency: 8 });
    expect(out.results[0]!.metrics.answer_correctness).toMatchObject({ score: null, error: { code: "missing_input" } });
  });
});

describe("answer correctness score", () => {
  const s = (verdicts: (0 | 1)[]) => verdicts.map((verdict, i) => ({ text: `s${i}`, verdict }));
  it("is null no_statements when neither side has a statement", () => {
    expect(scoreAnswerCorrectness({ statements: [], referenceStatements: [], similarity: 0.9, weights: [0.75, 0.25] })).toMatchObject({
      score: null,
      error: { code: "no_statements" },
    });
  });
  it("clamps a negative cosine to 0 and gives factuality 0 to an answer that states nothing", () => {
    expect(scoreAnswerCorrectness({ statements: [], referenceStatements: s([0, 0]), similarity: -0.3, weights: [0.75, 0.25] }).score).toBe(0);
    expect(scoreAnswerCorrectness({ statements: s([1, 1]), referenceStatements: s([1]), similarity: -0.3, weights: [0.5, 0.5] }).score).toBeCloseTo(0.5, 12);
  });
});
