import { describe, expect, it } from "vitest";
import {
  type CustomJudgeTrace,
  customJudgeSchema,
  evaluate,
  getMetric,
  type JudgeRequest,
  isCustomId,
  recomputeScore,
  type Sample,
  scoreCustomJudge,
  freeSlug,
  slugify,
} from "../../../src/engine";
import { scriptedJudge } from "../fake-judge";

const sample: Sample = {
  id: "s",
  question: "Can I return a gift?",
  answer: "Sure! Bring it back within 30 days with the receipt.",
  contexts: ["Returns within 30 days."],
};

const politeness = customJudgeSchema.parse({
  slug: "politeness",
  name: "Politeness",
  definition: "The answer is courteous and respectful to the user.",
  inputs: ["question", "answer"],
  scale: "binary",
  strictness: 3,
});
const helpfulness = customJudgeSchema.parse({
  slug: "helpfulness",
  name: "Helpfulness",
  definition: "How far the answer helps the user act.",
  inputs: ["question", "answer", "contexts"],
  scale: "rubric",
  levels: ["does not help", "barely helps", "helps somewhat", "helps", "fully answers and says what to do next"],
  strictness: 3,
});

/** Replies vote by vote (the user message says which vote it is). */
function votingJudge(id: string, replies: unknown[]) {
  return scriptedJudge(
    {
      [id]: (request: JudgeRequest<unknown>) => {
        const vote = Number(/Vote (\d+) of/.exec(request.messages[1]!.content)![1]);
        return replies[vote - 1];
      },
    },
    { delayMs: 5 },
  );
}

describe("custom binary judge, k = 3", () => {
  it("asks 3 votes at once, each its own request at vote temperature, and takes the majority: [1, 0, 1] -> 1", async () => {
    const { judge, requests, peak } = votingJudge("custom:politeness", [
      { reason: "Friendly and direct.", verdict: 1 },
      { reason: "A bit curt.", verdict: 0 },
      { reason: "Courteous.", verdict: 1 },
    ]);
    const out = await evaluate([sample], ["custom:politeness"], { judge, concurrency: 8, customJudges: [politeness] });
    const result = out.results[0]!.metrics["custom:politeness"]!;
    const trace = result.trace as CustomJudgeTrace;
    expect(trace.scale).toBe("binary");
    expect(trace.votes).toEqual([
      { value: 1, reason: "Friendly and direct." },
      { value: 0, reason: "A bit curt." },
      { value: 1, reason: "Courteous." },
    ]);
    expect(result.score).toBe(1);
    expect(result.reason).toBe("2 of 3 votes say the criterion is met: Friendly and direct.");
    expect(recomputeScore("custom:politeness", trace).score).toBe(1);
    expect(requests).toHaveLength(3);
    expect(peak()).toBe(3);
    expect(new Set(requests.map((r) => r.messages[1]!.content)).size).toBe(3);
    expect(requests.every((r) => r.temperature === 0.7)).toBe(true);
    // The judge sees only the inputs it was given: no contexts here.
    expect(requests[0]!.messages[1]!.content).toBe(`Question: ${sample.question}\nAnswer: ${sample.answer}\n(Vote 1 of 3: judge on your own.)`);
    expect(requests[0]!.messages[0]!.content).toContain('"Politeness": The answer is courteous and respectful to the user.');
    expect(requests[0]!.output.jsonSchema).toEqual({
      title: "custom_judge_binary",
      type: "object",
      properties: { reason: { type: "string" }, verdict: { type: "integer", enum: [0, 1] } },
      required: ["reason", "verdict"],
      additionalProperties: false,
    });
  });

  it("a minority of 1s is 0: [1, 0, 0] -> 0; strictness 1 from the options makes one call at the transport's temperature", async () => {
    const { judge } = votingJudge("custom:politeness", [
      { reason: "ok", verdict: 1 },
      { reason: "no", verdict: 0 },
      { reason: "no", verdict: 0 },
    ]);
    const out = await evaluate([sample], ["custom:politeness"], { judge, concurrency: 8, customJudges: [politeness] });
    expect(out.results[0]!.metrics["custom:politeness"]!.score).toBe(0);

    const once = votingJudge("custom:politeness", [{ reason: "ok", verdict: 1 }]);
    const single = await evaluate([sample], ["custom:politeness"], {
      judge: once.judge,
      concurrency: 8,
      customJudges: [politeness],
      metricOptions: { "custom:politeness": { strictness: 1 } },
    });
    expect(single.results[0]!.metrics["custom:politeness"]!.score).toBe(1);
    expect(once.requests).toHaveLength(1);
    expect(once.requests[0]!.temperature).toBeUndefined();
  });
});

describe("custom rubric judge", () => {
  it("scores (mean level - 1) / 4: levels [4, 5, 3] -> 0.75, each vote with its reason", async () => {
    const { judge, requests } = votingJudge("custom:helpfulness", [
      { reason: "Says what to do.", score: 4 },
      { reason: "Complete and actionable.", score: 5 },
      { reason: "Misses the receipt-less case.", score: 3 },
    ]);
    const out = await evaluate([sample], ["custom:helpfulness"], { judge, concurrency: 8, customJudges: [helpfulness] });
    const result = out.results[0]!.metrics["custom:helpfulness"]!;
    expect(result.score).toBe(0.75);
    expect((result.trace as CustomJudgeTrace).votes.map((v) => v.value)).toEqual([4, 5, 3]);
    expect(result.reason).toBe("Mean level over 3 votes 4 of 5: Says what to do.");
    expect(requests[0]!.messages[0]!.content).toContain(
      "1: does not help\n2: barely helps\n3: helps somewhat\n4: helps\n5: fully answers and says what to do next",
    );
    expect(requests[0]!.messages[1]!.content).toContain("Contexts:\n[1] Returns within 30 days.");
    expect(requests[0]!.output.jsonSchema).toMatchObject({ properties: { score: { type: "integer", enum: [1, 2, 3, 4, 5] } } });
  });

  it("a level outside 1-5 is refused by the reply validator, as the schema says", () => {
    const spec = getMetric("custom:helpfulness", [helpfulness]).prompts[0]!.output;
    expect(spec.schema.safeParse({ reason: "r", score: 6 }).success).toBe(false);
    expect(spec.schema.safeParse({ reason: "r", score: "4" }).success).toBe(true);
  });
});

describe("custom judge definitions", () => {
  it("score from the trace alone", () => {
    expect(scoreCustomJudge({ scale: "rubric", votes: [{ value: 1, reason: "" }] }).score).toBe(0);
    expect(scoreCustomJudge({ scale: "rubric", votes: [{ value: 5, reason: "" }] }).score).toBe(1);
    expect(
      scoreCustomJudge({
        scale: "binary",
        votes: [
          { value: 1, reason: "" },
          { value: 0, reason: "" },
        ],
      }).score,
    ).toBe(0);
  });
  it("have ids custom:<slug>; an unknown judge stops the run before any request", async () => {
    expect(slugify("Cites its sources!")).toBe("cites-its-sources");
    expect(slugify("礼貌")).toBe("judge");
    // A new judge never lands on another's slug (its versions): the next free -n.
    expect(freeSlug("引用来源", ["judge"])).toBe("judge-2");
    expect(freeSlug("引用来源", ["judge", "judge-2", "politeness"])).toBe("judge-3");
    expect(freeSlug("Politeness", ["judge"])).toBe("politeness");
    const long = "a".repeat(64);
    expect(freeSlug(long, [long])).toBe(`${"a".repeat(62)}-2`);
    expect(isCustomId(`custom:${freeSlug(long, [long])}`)).toBe(true);
    expect(isCustomId("custom:cites-its-sources")).toBe(true);
    expect(isCustomId("custom:Bad Slug")).toBe(false);
    const { judge, requests } = scriptedJudge({});
    await expect(evaluate([sample], ["custom:nope"], { judge, concurrency: 2, customJudges: [politeness] })).rejects.toThrow('no judge "custom:nope"');
    expect(requests).toHaveLength(0);
  });
  it("need every input they see: a judge of the reference on a sample without one is missing_input", async () => {
    const withReference = customJudgeSchema.parse({ ...politeness, slug: "agrees", inputs: ["answer", "reference"] });
    const { judge } = scriptedJudge({});
    const out = await evaluate([sample], ["custom:agrees"], { judge, concurrency: 2, customJudges: [withReference] });
    expect(out.results[0]!.metrics["custom:agrees"]).toMatchObject({ score: null, error: { code: "missing_input" } });
  });
});
