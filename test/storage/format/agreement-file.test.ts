import { describe, expect, it } from "vitest";
import { runAgreement } from "../../../src/engine/agreement";
import { buildAgreementFile, parseAgreementFile, serializeAgreementFile } from "../../../src/storage/format/agreement-file";
import { defaultPriceRows, estimateModelSpendCost } from "../../../src/storage/prices";
import { scriptedJudge } from "../../engine/fake-judge";

/** One row ranked once by the fake judge (10 prompt + 5 completion tokens a call), after a 1 + 1 token connection check. */
async function smallFile() {
  const fake = scriptedJudge({ "agreement.gpt_ranking.answer_relevancy": { reason: "r", choice: 2 } });
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
  const output = await runAgreement([{ id: "1", question: "q", answer: "a", poor_answer: "p", context_v1: ["c"] }], {
    judge: fake.judge,
    concurrency: 1,
    tasks: ["answer_relevancy"],
    methods: ["gpt_ranking"],
    seed: "s",
    spentBefore: [check],
  });
  return buildAgreementFile({
    output,
    config: {
      baseURL: "http://127.0.0.1:1/v1",
      model: "fake",
      concurrency: 1,
      tasks: ["answer_relevancy"],
      methods: ["gpt_ranking"],
      seed: "s",
      threshold: 0.5,
    },
    generator: { name: "test", version: "0" },
    wallMs: 1234.4,
  });
}

describe("the agreement file's usage block", () => {
  it("holds the run's requests and tokens per model and survives a round trip", async () => {
    const file = await smallFile();
    expect(file.usage).toEqual({
      requests: 2,
      chatRequests: 2,
      embeddingRequests: 0,
      cachedRequests: 0,
      promptTokens: 11,
      completionTokens: 6,
      byModel: { fake: { requests: 2, promptTokens: 11, completionTokens: 6 } },
      wallMs: 1234,
    });
    const back = parseAgreementFile(JSON.parse(serializeAgreementFile(file)));
    expect(back.usage).toEqual(file.usage);
    expect(back).toEqual(file);
  });

  it("is optional: a file written before it existed opens unchanged, at the same version", async () => {
    const { usage: _usage, ...older } = await smallFile();
    const back = parseAgreementFile(JSON.parse(JSON.stringify(older)));
    expect(back.usage).toBeUndefined();
    expect(back.version).toBe(1);
    expect(back.rows).toEqual(older.rows);
  });

  it("refuses a usage block that does not add up to counts", async () => {
    const file = await smallFile();
    expect(() => parseAgreementFile({ ...file, usage: { ...file.usage, requests: -1 } }, "bad.json")).toThrow(/^bad\.json: usage\.requests: /);
  });
});

describe("estimateModelSpendCost", () => {
  it("prices each model's tokens by its own row and names models without one", () => {
    const cost = estimateModelSpendCost(
      {
        "gpt-4o-mini": { promptTokens: 1_000_000, completionTokens: 500_000 },
        "text-embedding-3-small": { promptTokens: 2_000_000, completionTokens: 0 },
        "my-local": { promptTokens: 10, completionTokens: 10 },
      },
      defaultPriceRows(),
    );
    // 0.15 + 0.5 x 0.6 + 2 x 0.02 USD.
    expect(cost?.usd).toBeCloseTo(0.49, 10);
    expect(cost?.unpriced).toEqual(["my-local"]);
    expect(estimateModelSpendCost(undefined, defaultPriceRows())).toBeUndefined();
  });
});
