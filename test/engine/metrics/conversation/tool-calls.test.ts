import { describe, expect, it } from "vitest";
import { getMetric } from "../../../../src/engine";
import { toolCallAccuracy } from "../../../../src/engine/metrics/tool_call_accuracy";
import { toolCallF1 } from "../../../../src/engine/metrics/tool_call_f1";
import { callMatches, pairCalls } from "../../../../src/engine/metrics/shared/tool-call-match";
import { scoreMetric } from "../../../../src/engine/run/score-metric";
import type { Sample, ToolCall } from "../../../../src/engine/sample";

/**
 * Contract 16's tool-call metrics. Every expected value is worked by hand from the contract:
 * accuracy = M / max(ref, pred), f1 = 2PR/(P+R) with M(any); both empty -> 1.
 */

const call = (name: string, args: Record<string, unknown> = {}): ToolCall => ({ name, args });
const A = call("search", { q: "paris" });
const B = call("weather", { city: "Paris" });
const C = call("book", { day: 3 });

function sample(reference: ToolCall[], predicted: ToolCall[][]): Sample {
  return {
    id: "c1",
    question: "",
    answer: "",
    contexts: [],
    referenceToolCalls: reference,
    messages: [{ role: "user", content: "hi" }, ...predicted.map((toolCalls) => ({ role: "assistant" as const, content: "", toolCalls }))],
  };
}

const deps = (order?: "strict" | "any") => ({ judge: undefined, embedder: undefined, prompts: undefined, options: order ? { order } : {}, signal: undefined });

async function scores(reference: ToolCall[], predicted: ToolCall[]) {
  const s = sample(reference, [predicted]);
  const [strict, any, f1] = await Promise.all([
    scoreMetric(toolCallAccuracy, s, deps("strict")),
    scoreMetric(toolCallAccuracy, s, deps("any")),
    scoreMetric(toolCallF1, s, deps()),
  ]);
  return { strict: strict.score, any: any.score, f1: f1.score };
}

describe("tool_call_accuracy and tool_call_f1 (contract 16)", () => {
  it("reordered calls (ragas #1658): strict counts the longest in-order run, any order counts both", async () => {
    // ref [A, B], made [B, A]: LCS 1 -> 1/2; a one-to-one matching pairs both -> 2/2; P = R = 1.
    expect(await scores([A, B], [B, A])).toEqual({ strict: 0.5, any: 1, f1: 1 });
  });

  it("duplicate calls (ragas #1658) count once: a repeated call is an extra call", async () => {
    // ref [A], made [A, A]: M = 1, max = 2 -> 0.5; P = 1/2, R = 1 -> 2/3.
    expect(await scores([A], [A, A])).toEqual({ strict: 0.5, any: 0.5, f1: 2 / 3 });
    // ref [A, A], made [A]: one reference call is missing -> 0.5; P = 1, R = 1/2 -> 2/3.
    expect(await scores([A, A], [A])).toEqual({ strict: 0.5, any: 0.5, f1: 2 / 3 });
    // ref [A, A], made [A, A]: both pair up -> 1.
    expect(await scores([A, A], [A, A])).toEqual({ strict: 1, any: 1, f1: 1 });
  });

  it("extra calls are penalised (ragas #1893) and the score never exceeds 1 (ragas #2079)", async () => {
    // ref [A], made [A, B, C]: 1/3; P = 1/3, R = 1 -> 0.5.
    expect(await scores([A], [A, B, C])).toEqual({ strict: 1 / 3, any: 1 / 3, f1: 0.5 });
    // ref [A], made [A, A, A]: ragas could add past 1; here 1/3.
    expect(await scores([A], [A, A, A])).toEqual({ strict: 1 / 3, any: 1 / 3, f1: 0.5 });
  });

  it("missing calls lower it; no call at all scores 0; nothing expected and nothing made scores 1", async () => {
    // ref [A, B, C], made [A]: 1/3; P = 1, R = 1/3 -> 0.5.
    expect(await scores([A, B, C], [A])).toEqual({ strict: 1 / 3, any: 1 / 3, f1: 0.5 });
    expect(await scores([A, B], [])).toEqual({ strict: 0, any: 0, f1: 0 });
    expect(await scores([], [A])).toEqual({ strict: 0, any: 0, f1: 0 });
    expect(await scores([], [])).toEqual({ strict: 1, any: 1, f1: 1 });
    // A different tool with the same arguments is no match.
    expect(await scores([call("search", { q: 1 })], [call("lookup", { q: 1 })])).toEqual({ strict: 0, any: 0, f1: 0 });
  });

  it("extra predicted arguments are ignored; a missing or different reference argument is no match", () => {
    expect(callMatches(call("f", { x: 1 }), call("f", { x: 1, y: 2 }))).toBe(true);
    expect(callMatches(call("f", { x: 1, y: 2 }), call("f", { x: 1 }))).toBe(false);
    expect(callMatches(call("f", { x: 1 }), call("f", { x: "1" }))).toBe(false);
    expect(callMatches(call("f", { x: null }), call("f", {}))).toBe(false);
    expect(callMatches(call("f"), call("f", { anything: true }))).toBe(true);
  });

  it("nested arguments compare by JSON deep equality: key order free, array order and nested extras count", () => {
    const ref = call("find", { filter: { city: "Paris", tags: ["a", "b"] }, limit: 5 });
    expect(callMatches(ref, call("find", { limit: 5, filter: { tags: ["a", "b"], city: "Paris" } }))).toBe(true);
    expect(callMatches(ref, call("find", { limit: 5, filter: { city: "Paris", tags: ["b", "a"] } }))).toBe(false);
    // Extra keys are ignored only at the top level: inside a value, deep equality decides.
    expect(callMatches(ref, call("find", { limit: 5, filter: { city: "Paris", tags: ["a", "b"], zip: 75 } }))).toBe(false);
    expect(callMatches(ref, call("find", { limit: 5, filter: { city: "Paris", tags: ["a", "b", "c"] } }))).toBe(false);
  });

  it("uses a maximum matching where a greedy first fit would strand a call", async () => {
    // R0 = f{} matches both made calls, R1 = f{x:1} only P0. Greedy R0->P0 leaves R1 unmatched (M = 1);
    // the maximum matching is R0->P1, R1->P0 (M = 2). Strict: P1 cannot follow P0 for R1 -> LCS 1 -> 0.5.
    const r0 = call("f");
    const r1 = call("f", { x: 1 });
    const p0 = call("f", { x: 1 });
    const p1 = call("f", { x: 2 });
    expect(pairCalls([r0, r1], [p0, p1], "any")).toEqual([
      { reference: 0, predicted: 1 },
      { reference: 1, predicted: 0 },
    ]);
    expect(await scores([r0, r1], [p0, p1])).toEqual({ strict: 0.5, any: 1, f1: 1 });
  });

  it("the predicted calls are every assistant turn's calls in order; tool and user turns carry none", async () => {
    const s = sample([A, B], [[A], [B]]);
    s.messages!.splice(2, 0, { role: "tool", content: "{}" }, { role: "user", content: "more" });
    const result = await scoreMetric(toolCallAccuracy, s, deps());
    expect(result.score).toBe(1);
    expect(result.trace).toMatchObject({
      order: "strict",
      pairs: [
        { reference: 0, predicted: 0 },
        { reference: 1, predicted: 1 },
      ],
    });
  });

  it("the trace lists every call once, in order, and recomputes its score; a hand-edited pair is refused", async () => {
    const result = await scoreMetric(toolCallAccuracy, sample([A, B], [[B, A]]), deps());
    const trace = {
      order: "strict" as const,
      pairs: [
        { reference: 0, predicted: null },
        { reference: 1, predicted: 0 },
        { reference: null, predicted: 1 },
      ],
      calls: [],
    };
    expect(result.trace).toEqual(trace);
    expect(result.reason).toBe("1 of 2 reference tool calls matched in order, among 2 calls made.");
    expect(toolCallAccuracy.score(trace)).toEqual({ score: 0.5 });
    expect(toolCallAccuracy.traceFields.safeParse(trace).success).toBe(true);
    // Pairing predicted call 0 twice would lift M past the lists: refused by the trace check.
    const forged = {
      ...trace,
      pairs: [
        { reference: 0, predicted: 0 },
        { reference: 1, predicted: 0 },
      ],
    };
    expect(toolCallAccuracy.traceFields.safeParse(forged).success).toBe(false);
    expect(toolCallF1.traceFields.safeParse({ ...trace, order: "any" }).success).toBe(true);
    expect(toolCallF1.traceFields.safeParse(trace).success).toBe(false);
  });

  it("needs a conversation and reference calls: without them it is missing_input, and other inputs are not needed", async () => {
    const bare: Sample = { id: "x", question: "q", answer: "a", contexts: [] };
    const noTurns = await scoreMetric(toolCallAccuracy, { ...bare, referenceToolCalls: [A] }, deps());
    expect(noTurns.error).toEqual({ code: "missing_input", message: "Tool call accuracy needs a conversation (messages)" });
    const noRef = await scoreMetric(toolCallF1, { ...bare, messages: [{ role: "user", content: "hi" }] }, deps());
    expect(noRef.error).toEqual({ code: "missing_input", message: "Tool call F1 needs the reference tool calls" });
    // A conversation sample with no question, answer or contexts still scores here, and faithfulness says what it lacks.
    expect((await scoreMetric(toolCallF1, sample([A], [[A]]), deps())).score).toBe(1);
    expect((await scoreMetric(getMetric("faithfulness"), sample([A], [[A]]), deps())).error?.code).toBe("missing_input");
    expect(toolCallAccuracy.options!.safeParse({ order: "sideways" }).success).toBe(false);
    expect(getMetric("tool_call_accuracy").family).toBe("conversation");
  });
});
