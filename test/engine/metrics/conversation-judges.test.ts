import { describe, expect, it } from "vitest";
import { evaluate, type JudgeRequest, type Sample } from "../../../src/engine";
import type { MetricTraces } from "../../../src/engine/metrics/registry";
import { scoreConversationFaithfulness } from "../../../src/engine/metrics/conversation_faithfulness/score";
import { TRANSCRIPT_BUDGET } from "../../../src/engine/metrics/shared/conversation";
import { scoreTopicAdherence } from "../../../src/engine/metrics/topic_adherence/score";
import { recomputeScore } from "../../../src/engine/recompute";
import { CONVERSATIONS } from "../../fixtures/conversation/judge-samples";
import { scriptedJudge } from "../fake-judge";

const turn = (onTopic: 0 | 1, answered: 0 | 1, k = 0) => ({ turn: k, text: `t${k}`, onTopic, answered, reason: "" });
const TP = turn(1, 1);
const FP = turn(0, 1);
const FN = turn(1, 0);
const TN = turn(0, 0);

describe("topic_adherence's score (ragas's TP / FP / FN over user turns), by hand", () => {
  it("one of each: P = 1/2, R = 1/2, f1 = 1/2", () => {
    const turns = [TP, FP, FN, TN];
    expect(scoreTopicAdherence({ mode: "precision", turns }).score).toBe(0.5);
    expect(scoreTopicAdherence({ mode: "recall", turns }).score).toBe(0.5);
    expect(scoreTopicAdherence({ mode: "f1", turns }).score).toBe(0.5);
  });
  it("two answered on topic, one off topic answered: P = 2/3, R = 1, f1 = 0.8", () => {
    const turns = [TP, TP, FP];
    expect(scoreTopicAdherence({ mode: "precision", turns }).score).toBeCloseTo(2 / 3, 12);
    expect(scoreTopicAdherence({ mode: "recall", turns }).score).toBe(1);
    expect(scoreTopicAdherence({ mode: "f1", turns }).score).toBeCloseTo(0.8, 12);
  });
  it("nothing to measure is undetermined, not ragas's 0; f1 is 0 when no on-topic turn was answered", () => {
    expect(scoreTopicAdherence({ mode: "f1", turns: [TN, TN] }).error?.code).toBe("no_statements");
    expect(scoreTopicAdherence({ mode: "precision", turns: [FN] }).error?.code).toBe("no_statements");
    expect(scoreTopicAdherence({ mode: "recall", turns: [FN] }).score).toBe(0);
    expect(scoreTopicAdherence({ mode: "f1", turns: [FN, FP] }).score).toBe(0);
    expect(scoreTopicAdherence({ mode: "recall", turns: [FP] }).error?.code).toBe("no_statements");
  });
});

describe("conversation_faithfulness's score", () => {
  it("supported / all statements over every turn: 3 of 4 = 0.75; none is no_statements", () => {
    const s = (verdict: 0 | 1) => ({ text: "x", verdict, reason: "" });
    expect(
      scoreConversationFaithfulness({
        turns: [
          { turn: 1, statements: [s(1), s(0)], evidence: 1 },
          { turn: 3, statements: [s(1), s(1)], evidence: 2 },
        ],
      }).score,
    ).toBe(0.75);
    expect(scoreConversationFaithfulness({ turns: [{ turn: 1, statements: [], evidence: 0 }] }).error?.code).toBe("no_statements");
  });
});

/** A judge answering each prompt by hand: every statement the turn's text, the verdict 1 when the evidence contains "14C". */
function handJudge() {
  return scriptedJudge({
    "agent_goal_accuracy.with_reference": { reason: "booked", verdict: 1 },
    "agent_goal_accuracy.without_reference": { goal: "a refund", reason: "issued", verdict: 0 },
    "topic_adherence.turns": (r: JudgeRequest<unknown>) => {
      const n = (r.messages.at(-1)!.content.match(/^\[\d+\] /gm) ?? []).length;
      return { turns: Array.from({ length: n }, (_, i) => ({ reason: "r", onTopic: i === 0 ? 1 : 0, answered: 1 })) };
    },
    "faithfulness.statements": (r: JudgeRequest<unknown>) => ({ statements: [r.messages.at(-1)!.content.split("Answer: ")[1]!] }),
    "faithfulness.verdicts": (r: JudgeRequest<unknown>) => ({ verdicts: [{ reason: "r", verdict: r.messages.at(-1)!.content.includes("14C") ? 1 : 0 }] }),
  });
}

describe("the three judges on a conversation, with a scripted judge", () => {
  const flight = CONVERSATIONS[0]!;
  const refund = CONVERSATIONS[1]!;
  const ids = ["agent_goal_accuracy", "topic_adherence", "conversation_faithfulness"] as const;

  it("scores, traces that recompute, a turn judged only on the tool results before it, the calls per conversation", async () => {
    const { judge, requests } = handJudge();
    const out = await evaluate([flight, refund], ids, { judge, embedder: undefined, concurrency: 4 });
    const [f, r] = out.results.map((row) => row.metrics);
    expect(f!.agent_goal_accuracy!.score).toBe(1);
    expect(f!.agent_goal_accuracy!.trace).toMatchObject({ goal: flight.reference, goalFrom: "reference", note: null });
    expect(r!.agent_goal_accuracy!.score).toBe(0);
    expect(r!.agent_goal_accuracy!.trace).toMatchObject({ goal: "a refund", goalFrom: "judge" });
    // Two user turns: the first on topic and answered (TP), the second off topic and answered (FP): f1 = 2/3.
    expect(f!.topic_adherence!.score).toBeCloseTo(2 / 3, 12);
    expect((f!.topic_adherence!.trace as MetricTraces["topic_adherence"]).turns.map((t) => t.turn)).toEqual([0, 4]);
    // Turn 3 follows the tool result with seat 14C (supported); turn 5 has the same evidence plus nothing new.
    const turns = (f!.conversation_faithfulness!.trace as MetricTraces["conversation_faithfulness"]).turns;
    expect(turns.map((t) => [t.turn, t.evidence])).toEqual([
      [3, 2],
      [5, 2],
    ]);
    expect(f!.conversation_faithfulness!.score).toBe(1);
    // The refund conversation has no contexts and its tool result has no 14C: 0 of 1 supported.
    expect(r!.conversation_faithfulness!.score).toBe(0);
    for (const row of out.results) for (const id of ids) expect(recomputeScore(id, row.metrics[id]!.trace)).toEqual({ score: row.metrics[id]!.score });
    // 1 goal + 1 topic + 2 x 2 spoken turns, and 1 + 1 + 2 x 1.
    expect(requests.length).toBe(6 + 4);
    const verdictInputs = requests.filter((q) => q.promptId === "faithfulness.verdicts").map((q) => q.messages.at(-1)!.content);
    expect(verdictInputs.some((t) => t.includes("Cabin bags may weigh up to 8 kg") && t.includes("14C"))).toBe(true);
  });

  it("a conversation without topics or messages is missing_input, without a request", async () => {
    const { judge, requests } = handJudge();
    const bare: Sample = { id: "bare", question: "q", answer: "a", contexts: [] };
    const noTopics: Sample = { ...refund, id: "no-topics", referenceTopics: [] };
    const out = await evaluate([bare, noTopics], ids, { judge, embedder: undefined, concurrency: 4 });
    for (const id of ids) expect(out.results[0]!.metrics[id]!.error?.code).toBe("missing_input");
    expect(out.results[1]!.metrics.topic_adherence!.error?.code).toBe("missing_input");
    expect(requests.every((q) => q.promptId !== "topic_adherence.turns")).toBe(true);
  });

  it("a conversation longer than the budget is cut, and every trace says so", async () => {
    const filler = "x".repeat(Math.ceil(TRANSCRIPT_BUDGET / 3));
    const messages: Sample["messages"] = [];
    for (let k = 0; k < 5; k++)
      messages.push(
        { role: "user", content: `question ${k} ${filler}` },
        { role: "tool", content: `result ${k} ${filler}` },
        { role: "assistant", content: `answer ${k}` },
      );
    const long: Sample = { id: "long", question: "", answer: "", contexts: [], reference: "done", referenceTopics: ["x"], messages };
    const { judge, requests } = handJudge();
    const out = await evaluate([long], ids, { judge, embedder: undefined, concurrency: 4 });
    const m = out.results[0]!.metrics;
    for (const id of ids) expect((m[id]!.trace as MetricTraces[typeof id]).note, id).toMatch(/longer than the judge's budget of 24000 characters/);
    expect((m.topic_adherence!.trace as MetricTraces["topic_adherence"]).note).toMatch(/^4 earliest user turns not judged/);
    expect((m.topic_adherence!.trace as MetricTraces["topic_adherence"]).turns).toHaveLength(1);
    // The goal's transcript keeps the first message (where the goal is) and marks the gap.
    const goalInput = requests.find((q) => q.promptId === "agent_goal_accuracy.with_reference")!.messages.at(-1)!.content;
    expect(goalInput).toContain("question 0");
    expect(goalInput).toMatch(/\(\d+ messages left out for length\)/);
    expect(goalInput.length).toBeLessThan(TRANSCRIPT_BUDGET + 500);
  });
});
