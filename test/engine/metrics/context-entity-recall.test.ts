import { describe, expect, it } from "vitest";
import { entityKey, evaluate, recomputeScore, type Sample } from "../../../src/engine";
import { scoreContextEntityRecall } from "../../../src/engine/metrics/context_entity_recall/score";
import { workedJudge } from "./worked-judge";

const sample: Sample = {
  id: "paris",
  question: "Where is the Eiffel Tower?",
  answer: "In Paris.",
  reference: "The Eiffel Tower in Paris opened in 1889.",
  contexts: ["the eiffel tower stands in paris.", "It is made of iron."],
};

describe("context entity recall, worked example", () => {
  it('"Paris" in the reference matches "paris" in the contexts: 2 of 3 entities -> 0.67, in 2 calls at once', async () => {
    const { judge, requests, peak } = workedJudge({
      entities: {
        [sample.reference!]: ["Eiffel Tower", "Paris", "1889"],
        [sample.contexts.join("\n\n")]: ["eiffel  tower", "paris"],
      },
      delayMs: 5,
    });
    const out = await evaluate([sample], ["context_entity_recall"], { judge, concurrency: 8 });
    const result = out.results[0]!.metrics.context_entity_recall!;
    expect(result.score).toBeCloseTo(2 / 3, 12);
    expect(result.reason).toBe("2 of 3 entities of the reference are named in the contexts; missing: 1889.");
    expect(recomputeScore("context_entity_recall", result.trace).score).toBe(result.score);
    expect(requests).toHaveLength(2);
    expect(peak()).toBe(2);
  });

  it("is null no_entities when the reference names none", async () => {
    const { judge } = workedJudge({ entities: {} });
    const out = await evaluate([sample], ["context_entity_recall"], { judge, concurrency: 8 });
    expect(out.results[0]!.metrics.context_entity_recall).toMatchObject({ score: null, error: { code: "no_entities" } });
  });
});

describe("entity matching", () => {
  it("folds width, case and whitespace (NFKC, lower case, collapsed spaces), CJK unchanged", () => {
    expect(entityKey("Ｐａｒｉｓ")).toBe("paris");
    expect(entityKey("  New\u00a0 York ")).toBe("new york");
    expect(entityKey("上海中心大厦")).toBe("上海中心大厦");
    expect(entityKey("ＡＢＣ１２３")).toBe("abc123");
  });
  it("counts each reference entity once however often it is listed", () => {
    const score = scoreContextEntityRecall({ referenceEntities: ["Paris", "paris", "PARIS", "Lyon"], contextEntities: ["Paris"] });
    expect(score.score).toBe(0.5);
  });
});
