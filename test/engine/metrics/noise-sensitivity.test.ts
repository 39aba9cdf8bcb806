import { describe, expect, it } from "vitest";
import { evaluate, recomputeScore, type NoiseSensitivityTrace, type Sample } from "../../../src/engine";
import { scoreNoiseSensitivity } from "../../../src/engine/metrics/noise_sensitivity/score";
import { summarize } from "../../../src/engine/run/aggregate";
import { workedJudge } from "./worked-judge";

/**
 * README worked example. Context 1 supports both reference statements (relevant) and also the
 * answer's wrong founding year; context 2 supports no reference statement (irrelevant) and the
 * answer's off-topic claim. Relevant mode: 1 of 3 answer statements; irrelevant mode: 1 of 3.
 */
const sample: Sample = {
  id: "canberra",
  question: "What is the capital of Australia and when was it founded?",
  answer: "Canberra is the capital of Australia. Canberra was founded in 1908. Sydney is the largest city in Australia.",
  reference: "Canberra is the capital of Australia. Canberra was founded in 1913.",
  contexts: ["Canberra is the capital of Australia; its site was chosen in 1908 and the city was founded in 1913.", "Sydney is the largest city in Australia."],
};
const G = ["Canberra is the capital of Australia.", "Canberra was founded in 1913."];
const A = ["Canberra is the capital of Australia.", "Canberra was founded in 1908.", "Sydney is the largest city in Australia."];
const judgeFor = () =>
  workedJudge({
    statements: { [sample.reference!]: G, [sample.answer]: A },
    sources: { reference: sample.reference!, "context 1": sample.contexts[0]!, "context 2": sample.contexts[1]! },
    nli: {
      // Is each answer statement correct (supported by the reference)?
      [`reference | ${A[0]}`]: 1,
      [`reference | ${A[1]}`]: 0,
      [`reference | ${A[2]}`]: 0,
      // Context 1 supports both reference statements (relevant), A1, and, misread, A2 (its 1908 is when the site was chosen).
      [`context 1 | ${G[0]}`]: 1,
      [`context 1 | ${G[1]}`]: 1,
      [`context 1 | ${A[1]}`]: 1,
      [`context 1 | ${A[2]}`]: 0,
      // Context 2 supports no reference statement (irrelevant), only the answer's Sydney claim.
      [`context 2 | ${G[0]}`]: 0,
      [`context 2 | ${G[1]}`]: 0,
      [`context 2 | ${A[1]}`]: 0,
      [`context 2 | ${A[2]}`]: 1,
    },
  });

async function run(mode: "relevant" | "irrelevant") {
  const { judge, requests } = judgeFor();
  const out = await evaluate([sample], ["noise_sensitivity"], { judge, concurrency: 8, metricOptions: { noise_sensitivity: { mode } } });
  const result = out.results[0]!.metrics.noise_sensitivity!;
  expect(result.score).toBe(recomputeScore("noise_sensitivity", result.trace).score);
  return { result, trace: result.trace as NoiseSensitivityTrace, requests };
}

describe("noise sensitivity, worked example", () => {
  it("relevant mode: the wrong founding year backed by the relevant context 1 -> 1/3, in 3 + N = 5 calls", async () => {
    const { result, trace, requests } = await run("relevant");
    expect(trace.statements.map((s) => s.correct)).toEqual([1, 0, 0]);
    expect(trace.contexts).toEqual([
      { index: 0, supportsReference: [1, 1], supportsAnswer: [1, 1, 0] },
      { index: 1, supportsReference: [0, 0], supportsAnswer: [0, 0, 1] },
    ]);
    expect(result.score).toBeCloseTo(1 / 3, 12);
    expect(result.reason).toContain('"Canberra was founded in 1908."');
    expect(requests).toHaveLength(3 + sample.contexts.length);
  });

  it("irrelevant mode: the Sydney claim backed only by the irrelevant context 2 -> 1/3", async () => {
    const { result } = await run("irrelevant");
    expect(result.score).toBeCloseTo(1 / 3, 12);
    expect(result.reason).toContain('"Sydney is the largest city in Australia."');
  });
});

describe("noise sensitivity score", () => {
  const trace = {
    mode: "irrelevant" as const,
    referenceStatements: [{ text: "g" }],
    statements: [
      { text: "a", correct: 0 as const },
      { text: "b", correct: 0 as const },
    ],
    contexts: [
      { index: 0, supportsReference: [1 as const], supportsAnswer: [1 as const, 0 as const] },
      { index: 1, supportsReference: [0 as const], supportsAnswer: [1 as const, 1 as const] },
    ],
  };
  it("irrelevant mode leaves out statements a relevant context also supports", () => {
    expect(scoreNoiseSensitivity(trace).score).toBe(0.5);
    expect(scoreNoiseSensitivity({ ...trace, mode: "relevant" }).score).toBe(0.5);
  });
  it("refuses a ragged trace instead of guessing, and codes an answer without statements", () => {
    const ragged = { ...trace, contexts: [{ index: 0, supportsReference: [1 as const], supportsAnswer: [1 as const] }] };
    expect(scoreNoiseSensitivity(ragged)).toMatchObject({ score: null, error: { code: "internal_error" } });
    expect(scoreNoiseSensitivity({ ...trace, statements: [], contexts: [] })).toMatchObject({ score: null, error: { code: "no_statements" } });
  });
});

describe("noise sensitivity in a summary", () => {
  it("is lower-is-better, so it stays out of the RAGAS score (the harmonic mean of means)", () => {
    const result = (score: number) => ({ score, trace: { calls: [] } });
    const results = [{ sampleId: "a", metrics: { faithfulness: result(0.8), context_recall: result(0.4), noise_sensitivity: result(0.9) } }];
    const summary = summarize(results, ["faithfulness", "context_recall", "noise_sensitivity"]);
    expect(summary.metrics.noise_sensitivity!.mean).toBe(0.9);
    expect(summary.ragasScore).toBeCloseTo(2 / (1 / 0.8 + 1 / 0.4), 12);
  });
});
