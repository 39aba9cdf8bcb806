import { describe, expect, it } from "vitest";
import { type AgreementRow, estimateAgreement, recomputeResultScore, runAgreement, shownOrder } from "../../../src/engine/agreement";
import type { JudgeRequest } from "../../../src/engine";
import { scriptedJudge } from "../fake-judge";

const rows: AgreementRow[] = [
  {
    id: "r1",
    question: "Where is the Eiffel Tower?",
    answer: "It is in Paris.",
    ungrounded_answer: "It is in Rome.",
    poor_answer: "A tower.",
    context_v1: ["The Eiffel Tower is in Paris."],
    context_v2: ["The Eiffel Tower is in Paris. Rome has many churches."],
  },
  {
    id: "r2",
    question: "Who wrote Hamlet?",
    answer: "Shakespeare wrote it.",
    ungrounded_answer: "Marlowe wrote it.",
    poor_answer: "A writer.",
    context_v1: ["Hamlet is a tragedy by William Shakespeare."],
    context_v2: ["Hamlet is a tragedy by William Shakespeare. London had theatres."],
    // People here prefer the poorer side of faithfulness (user-labelled data may say so).
    human: { faithfulness: "b" },
  },
];

const user = (r: JudgeRequest<unknown>) => r.messages.find((m) => m.role === "user")!.content;

/** Ratings: 8 for an answer mentioning Paris or Shakespeare, else 3. Rankings: always candidate 1. */
const judge = () =>
  scriptedJudge({
    "agreement.gpt_score.faithfulness": (r: JudgeRequest<unknown>) => ({ reason: "r", rating: /to rate:\n(It is in Paris|Shakespeare)/.test(user(r)) ? 8 : 3 }),
    "agreement.gpt_score.answer_relevancy": (r: JudgeRequest<unknown>) => ({ reason: "r", rating: /to rate:\nA /.test(user(r)) ? 2 : 9 }),
    // Equal ratings: every context-relevance pair is a tie.
    "agreement.gpt_score.context_relevance": { reason: "r", rating: 5 },
    "agreement.gpt_ranking.faithfulness": { reason: "first", choice: 1 },
    "agreement.gpt_ranking.answer_relevancy": { reason: "first", choice: 1 },
    "agreement.gpt_ranking.context_relevance": { reason: "first", choice: 1 },
  });

describe("runAgreement with baselines", () => {
  it("rates each candidate once, ranks each pair once in the seeded order, and tallies against the human side", async () => {
    const fake = judge();
    const out = await runAgreement(rows, {
      judge: fake.judge,
      concurrency: 2,
      tasks: ["faithfulness", "answer_relevancy", "context_relevance"],
      methods: ["gpt_score", "gpt_ranking"],
      seed: "s1",
    });
    // 2 rows x (3 tasks x 2 candidates) ratings + 2 rows x 3 rankings.
    expect(fake.requests).toHaveLength(12 + 6);
    expect(fake.peak()).toBeLessThanOrEqual(2);
    expect(out.samples.map((s) => s.id)).toEqual([
      "r1:answer",
      "r1:ungrounded_answer",
      "r1:poor_answer",
      "r1:context_v2",
      "r2:answer",
      "r2:ungrounded_answer",
      "r2:poor_answer",
      "r2:context_v2",
    ]);

    const cell = (method: string, task: string) => out.rows.find((r) => r.method === method && r.task === task)!;
    // Faithfulness: both rows prefer a (8 vs 3); r2's people prefer b, so 1 of 2 is right.
    expect(cell("gpt_score", "faithfulness")).toMatchObject({ n: 2, correct: 1, ties: 0, accuracy: 0.5 });
    expect(cell("gpt_score", "answer_relevancy")).toMatchObject({ n: 2, correct: 2, ties: 0, accuracy: 1 });
    expect(cell("gpt_score", "context_relevance")).toMatchObject({ n: 2, correct: 0, ties: 2, accuracy: 0.5 });
    expect(cell("gpt_score", "faithfulness").pairs[0]).toMatchObject({ scoreA: 0.8, scoreB: 0.3, predicted: "a", human: "a" });

    // The ranker always says "1": it picks whichever side the seeded order showed first.
    for (const row of out.rows.filter((r) => r.method === "gpt_ranking")) {
      for (const p of row.pairs) {
        const order = shownOrder("s1", row.task, p.id);
        expect((p.resultA!.trace as { order?: unknown }).order).toEqual(order);
        expect(p.predicted).toBe(order[0]);
        expect(p.resultB).toBeUndefined();
        expect(recomputeResultScore("gpt_ranking", row.task, p.resultA!)).toBe(p.scoreA);
      }
    }
  });

  it("turns a failed judgement into a coded null and the pair into a tie", async () => {
    const fake = scriptedJudge({ "agreement.gpt_score.answer_relevancy": { reason: "r", rating: 11 } });
    const out = await runAgreement(rows.slice(0, 1), { judge: fake.judge, concurrency: 1, tasks: ["answer_relevancy"], methods: ["gpt_score"], seed: "s" });
    const p = out.rows[0]!.pairs[0]!;
    expect(p.resultA?.error?.code).toBe("parse_error");
    expect(p).toMatchObject({ scoreA: null, scoreB: null, predicted: "tie" });
    expect(out.rows[0]).toMatchObject({ n: 1, ties: 1, accuracy: 0.5 });
  });

  it("scores absolute labels with accuracy and the point-biserial r", async () => {
    const labelled: AgreementRow[] = [
      { id: "x", question: "q", answer: "good", context_v1: ["c"], human: { answer_relevancy: 1 } },
      { id: "y", question: "q", answer: "A bad", context_v1: ["c"], human: { answer_relevancy: 0 } },
      { id: "z", question: "q", answer: "A worse", context_v1: ["c"], human: { answer_relevancy: 1 } },
    ];
    const out = await runAgreement(labelled, {
      judge: judge().judge,
      concurrency: 2,
      tasks: ["answer_relevancy"],
      methods: ["gpt_score", "gpt_ranking"],
      seed: "s",
    });
    expect(out.rows).toEqual([]);
    expect(out.absolute).toHaveLength(1);
    const row = out.absolute[0]!;
    expect(row.items.map((i) => i.score)).toEqual([0.9, 0.2, 0.2]);
    expect(row).toMatchObject({ method: "gpt_score", n: 3, correct: 2, ties: 0 });
    expect(row.accuracy).toBeCloseTo(2 / 3, 12);
    // scores [0.9, 0.2, 0.2] vs labels [1, 0, 1]: means 13/30 and 2/3; sxy = 0.35/1.5, r = 0.5 exactly
    expect(row.correlation.r).toBeCloseTo(0.5, 12);
  });
});

describe("usage", () => {
  it("bills every request of the run, failed replies and the connection check's included, and reports it as it goes", async () => {
    // Ratings of 11 fail validation: parse_error, but the request was made and billed.
    const fake = scriptedJudge(
      {
        "agreement.gpt_score.answer_relevancy": (r: JudgeRequest<unknown>) => ({ reason: "r", rating: /to rate:\nA /.test(user(r)) ? 11 : 9 }),
      },
      // A reply takes a moment, so each judgement is reported before the next request is answered.
      { delayMs: 5 },
    );
    const check = {
      kind: "chat" as const,
      promptId: "connection",
      promptHash: "-",
      model: "fake",
      promptTokens: 1,
      completionTokens: 1,
      ms: 1,
      cached: false,
      attempts: 1,
    };
    const seen: { done: number; requests: number }[] = [];
    const out = await runAgreement(
      rows,
      { judge: fake.judge, concurrency: 1, tasks: ["answer_relevancy"], methods: ["gpt_score"], seed: "s", spentBefore: [check] },
      { onProgress: ({ done, spend }) => seen.push({ done, requests: spend.requests }) },
    );
    // 2 rows x 2 candidates rated, 2 of them failed; + the check. The fake judge bills 10 + 5 tokens a call.
    expect(fake.requests).toHaveLength(4);
    expect(out.rows[0]!.pairs.map((p) => p.resultB?.error?.code)).toEqual(["parse_error", "parse_error"]);
    expect(out.spend).toEqual({
      requests: 5,
      chatRequests: 5,
      embeddingRequests: 0,
      cachedRequests: 0,
      promptTokens: 41,
      completionTokens: 21,
      byModel: { fake: { requests: 5, promptTokens: 41, completionTokens: 21 } },
    });
    // Concurrency 1: each judgement is one request, so the tally grows by one with each (after the check).
    expect(seen).toEqual([1, 2, 3, 4].map((done) => ({ done, requests: done + 1 })));
  });
});

describe("cancelling", () => {
  it("ends every judgement as a cancelled null, so every pair is a tie", async () => {
    const abort = new AbortController();
    // Abort while the first request is in flight (held until aborted) and the second waits in the
    // limiter's queue: the abort comes when the request is there, not after a time.
    const fake = scriptedJudge(
      { "agreement.gpt_ranking.faithfulness": { reason: "r", choice: 1 } },
      {
        hold: () => {
          queueMicrotask(() => abort.abort(new Error("stop")));
          return true;
        },
      },
    );
    const running = runAgreement(
      rows,
      { judge: fake.judge, concurrency: 1, tasks: ["faithfulness"], methods: ["gpt_ranking"], seed: "s" },
      { signal: abort.signal },
    );
    const out = await running;
    expect(fake.requests).toHaveLength(1);
    expect(out.rows[0]!.pairs.map((p) => p.resultA?.error?.code)).toEqual(["cancelled", "cancelled"]);
    expect(out.rows[0]).toMatchObject({ n: 2, correct: 0, ties: 2, accuracy: 0.5 });
  });
});

describe("estimateAgreement", () => {
  it("counts the requests the run makes", () => {
    const est = estimateAgreement(rows, ["faithfulness", "answer_relevancy", "context_relevance"], ["ragas", "gpt_score", "gpt_ranking", "gpt_score_5"]);
    // Per row: ragas 2x2 + 2x1 + 2x1 chat and 2 embeddings; gpt_score 6; ranking 3; 1-5 variant 2.
    expect(est.chatRequests).toBe(2 * (8 + 6 + 3 + 2));
    expect(est.embeddingRequests).toBe(2 * 2);
    expect(est.promptChars).toBeGreaterThan(0);
  });
});
