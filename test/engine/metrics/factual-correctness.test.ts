import { describe, expect, it } from "vitest";
import { evaluate, recomputeScore, type FactualCorrectnessTrace, type Sample } from "../../../src/engine";
import { fBeta, scoreFactualCorrectness } from "../../../src/engine/metrics/factual_correctness/score";
import { userText, workedJudge } from "./worked-judge";

/**
 * The case of ragas issue #2693: the answer makes 4 claims, 3 supported by the reference; the
 * reference makes 3 claims, 2 covered by the answer. Recall is 2/3 = 0.67 (ragas returns 3/4 =
 * 0.75, counting the answer's supported claims as the reference's); F1 is 0.71 (ragas 0.75).
 */
const sample: Sample = {
  id: "einstein",
  question: "",
  answer: "Albert Einstein was a German-born physicist. He developed the theory of relativity. He won the Nobel Prize in 1921. He was born in 1880.",
  reference: "Albert Einstein, born in 1879, was a German-born physicist who developed the theory of relativity and received the 1921 Nobel Prize in Physics.",
  contexts: [],
};
const answerClaims = [
  "Albert Einstein was a German-born physicist.",
  "Albert Einstein developed the theory of relativity.",
  "Albert Einstein won the Nobel Prize in 1921.",
  "Albert Einstein was born in 1880.",
];
const referenceClaims = [
  "Albert Einstein was born in 1879.",
  "Albert Einstein was a German-born physicist who developed the theory of relativity.",
  "Albert Einstein received the 1921 Nobel Prize in Physics.",
];
const judgeFor = () =>
  workedJudge({
    claims: { [sample.answer]: answerClaims, [sample.reference!]: referenceClaims },
    sources: { answer: sample.answer, reference: sample.reference! },
    nli: {
      [`reference | ${answerClaims[0]}`]: 1,
      [`reference | ${answerClaims[1]}`]: 1,
      [`reference | ${answerClaims[2]}`]: 1,
      [`reference | ${answerClaims[3]}`]: 0,
      [`answer | ${referenceClaims[0]}`]: 0,
      [`answer | ${referenceClaims[1]}`]: 1,
      [`answer | ${referenceClaims[2]}`]: 1,
    },
  });

async function run(options: Record<string, unknown>) {
  const { judge, requests } = judgeFor();
  const out = await evaluate([sample], ["factual_correctness"], { judge, concurrency: 8, metricOptions: { factual_correctness: options } });
  const result = out.results[0]!.metrics.factual_correctness!;
  expect(result.score).toBe(recomputeScore("factual_correctness", result.trace).score);
  return { result, trace: result.trace as FactualCorrectnessTrace, requests };
}

describe("factual correctness, the ragas recall-bug case (#1964, #2693)", () => {
  it("recall = 2 of the reference's 3 claims = 0.67 (ragas: 0.75), in 2 calls", async () => {
    const { result, trace, requests } = await run({ mode: "recall" });
    expect(result.score).toBeCloseTo(2 / 3, 12);
    expect(result.score!.toFixed(2)).toBe("0.67");
    expect(trace.claims).toEqual([]);
    expect(trace.referenceClaims.map((c) => c.verdict)).toEqual([0, 1, 1]);
    expect(requests.map((r) => r.promptId)).toEqual(["factual_correctness.claims", "faithfulness.verdicts"]);
  });

  it("precision = 3 of the answer's 4 claims = 0.75, in 2 calls", async () => {
    const { result, requests } = await run({ mode: "precision" });
    expect(result.score).toBe(0.75);
    expect(requests).toHaveLength(2);
  });

  it("f1 = 2PR / (P + R) = 0.7059 (ragas: 0.75), in 4 calls; beta 0.5 weighs precision more: 0.7317", async () => {
    const f1 = await run({});
    expect(f1.trace).toMatchObject({ mode: "f1", beta: 1, atomicity: "low", coverage: "low" });
    expect(f1.result.score).toBeCloseTo((2 * 0.75 * (2 / 3)) / (0.75 + 2 / 3), 12);
    expect(f1.result.score!.toFixed(4)).toBe("0.7059");
    expect(f1.requests).toHaveLength(4);
    const half = await run({ beta: 0.5 });
    expect(half.result.score!.toFixed(4)).toBe("0.7317");
  });

  it("passes atomicity and coverage to the claims prompt as inputs", async () => {
    const { requests } = await run({ mode: "precision", atomicity: "high", coverage: "high" });
    expect(userText(requests[0]!)).toBe(`Atomicity: high\nCoverage: high\nText: ${sample.answer}`);
  });
});

describe("factual correctness score", () => {
  const c = (verdicts: (0 | 1)[]) => verdicts.map((verdict, i) => ({ text: `c${i}`, verdict }));
  it("F-beta is 0 when P = R = 0", () => {
    expect(fBeta(0, 0, 1)).toBe(0);
    expect(scoreFactualCorrectness({ mode: "f1", beta: 1, claims: c([0]), referenceClaims: c([0]) }).score).toBe(0);
  });
  it("codes the undetermined cases: no answer claim in precision mode, no reference claim in recall or f1", () => {
    expect(scoreFactualCorrectness({ mode: "precision", beta: 1, claims: [], referenceClaims: [] })).toMatchObject({
      score: null,
      error: { code: "no_statements" },
    });
    expect(scoreFactualCorrectness({ mode: "recall", beta: 1, claims: [], referenceClaims: [] })).toMatchObject({
      score: null,
      error: { code: "no_statements" },
    });
    expect(scoreFactualCorrectness({ mode: "f1", beta: 1, claims: c([1]), referenceClaims: [] })).toMatchObject({ score: null });
  });

  // Contract 3: never a silent 0. F needs both P and R; an answer with no claim (a refusal) has no precision.
  it("f1 with no claim on either side, or none in the answer, is null no_statements (not F = 0)", () => {
    expect(scoreFactualCorrectness({ mode: "f1", beta: 1, claims: [], referenceClaims: [] })).toMatchObject({
      score: null,
      error: { code: "no_statements", message: "neither the answer nor the reference makes a claim that could be checked" },
    });
    expect(scoreFactualCorrectness({ mode: "f1", beta: 1, claims: [], referenceClaims: c([0, 0]) })).toMatchObject({
      score: null,
      error: { code: "no_statements", message: "the answer makes no claim that could be checked" },
    });
    // Recall over the reference's claims is determined even when the answer claims nothing: none is covered.
    expect(scoreFactualCorrectness({ mode: "recall", beta: 1, claims: [], referenceClaims: c([0, 0]) }).score).toBe(0);
  });
});

describe("factual correctness of a refusal, scored and recomputed", () => {
  const refusal: Sample = { id: "refusal", question: "", answer: "I do not know.", reference: sample.reference!, contexts: [] };
  async function score(answerClaims: string[], mode: string) {
    const { judge } = workedJudge({
      claims: { [refusal.answer]: answerClaims, [refusal.reference!]: referenceClaims },
      sources: { answer: refusal.answer, reference: refusal.reference! },
      nli: Object.fromEntries(referenceClaims.map((c) => [`answer | ${c}`, 0 as const])),
    });
    const out = await evaluate([refusal], ["factual_correctness"], { judge, concurrency: 2, metricOptions: { factual_correctness: { mode } } });
    return out.results[0]!.metrics.factual_correctness!;
  }
  it("f1: null no_statements, and the trace recomputes to the same null", async () => {
    const result = await score([], "f1");
    expect(result.score).toBeNull();
    expect(result.error?.code).toBe("no_statements");
    expect(recomputeScore("factual_correctness", result.trace)).toMatchObject({ score: null, error: { code: "no_statements" } });
  });
  it("recall: 0 of the reference's 3 claims are in the answer, a real 0", async () => {
    const result = await score([], "recall");
    expect(result.score).toBe(0);
    expect(recomputeScore("factual_correctness", result.trace).score).toBe(0);
  });
});
