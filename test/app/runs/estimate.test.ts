import { describe, expect, it } from "vitest";
import { customJudgeSchema, type Sample } from "../../../src/engine";
import { estimateRun, formatDuration, formatUsd } from "../../../src/app/runs/estimate";
import { runsT } from "../../../src/app/runs/messages";
import { useApp } from "../../../src/app/shared/store";

const samples: Sample[] = [
  { id: "a", question: "Who wrote it?", answer: "Ada wrote it.", contexts: ["Ada wrote the notes."], reference: "Ada." },
  { id: "b", question: "When?", answer: "In 1843.", contexts: ["The notes date from 1843."] },
];
const prices = [{ model: "judge-x", input: 1, output: 4 }];

describe("estimateRun", () => {
  it("counts each metric's requests, skipping what a sample cannot run, times the repeats", async () => {
    // faithfulness: 2 calls per sample; context_recall: 1, and only for the sample with a reference;
    // answer_relevancy: 1 chat + 1 embedding per sample.
    const e = await estimateRun(samples, ["faithfulness", "context_recall", "answer_relevancy"], {
      repeat: 3,
      concurrency: 2,
      hasEmbedder: true,
      model: "judge-x",
      prices,
    });
    expect(e.requests).toBe((2 * 2 + 1 + 2 * 2) * 3);
    expect(e.completionTokens).toBe((2 * 2 + 1 + 2) * 3 * 150);
    expect(e.promptTokens).toBeGreaterThan(0);
    expect(e.usd).toBeCloseTo((e.promptTokens * 1 + e.completionTokens * 4) / 1_000_000, 12);
    // 27 requests, 2 at a time, 2 s each.
    expect(e.seconds).toBe(14 * 2);
    // By batch: the row has no batch column, so half the list price; faithfulness and answer
    // relevancy need a second round (verdicts, embeddings), each within the 24 h window.
    expect(e.batch.usd).toBeCloseTo(e.usd! / 2, 12);
    expect(e.batch).toMatchObject({ rounds: 2, window: "24h" });
  });

  it("by batch: a price row's batch column wins; single-step metrics take one round", async () => {
    const e = await estimateRun(samples, ["context_recall"], {
      repeat: 1,
      concurrency: 2,
      hasEmbedder: false,
      model: "judge-x",
      prices: [{ model: "judge-x", input: 1, output: 4, batchInput: 0.25, batchOutput: 1 }],
    });
    expect(e.batch.usd).toBeCloseTo((e.promptTokens * 0.25 + e.completionTokens * 1) / 1_000_000, 12);
    expect(e.batch.rounds).toBe(1);
  });

  it("counts issue 16's metrics with their options and a custom judge's k votes", async () => {
    const judge = customJudgeSchema.parse({ slug: "polite", name: "Polite", definition: "Is it polite?", inputs: ["answer"], scale: "binary", strictness: 3 });
    // answer_correctness: 4 calls + 1 embedding, only with a reference (sample a); weights 1,0 drop the embedding.
    // context_precision one call per context: 1 context, and only with a reference; custom:polite: 3 votes per sample; bleu: nothing.
    const base = { repeat: 1, concurrency: 4, hasEmbedder: true, model: "judge-x", prices, customJudges: [judge] };
    const e = await estimateRun(samples, ["answer_correctness", "context_precision", "custom:polite", "bleu"], base);
    expect(e.requests).toBe(4 + 1 + 1 + 2 * 3);
    const weighted = await estimateRun(samples, ["answer_correctness", "context_precision", "custom:polite", "bleu"], {
      ...base,
      metricOptions: { answer_correctness: { weights: [1, 0] }, context_precision: { perContextCalls: true } },
    });
    expect(weighted.requests).toBe(4 + 1 + 2 * 3);
    expect(weighted.completionTokens).toBe((4 + 1 + 2 * 3) * 150);
  });

  it("without an embedding model answer_relevancy is not counted; an unknown model has no price", async () => {
    const e = await estimateRun(samples, ["answer_relevancy"], { repeat: 1, concurrency: 8, hasEmbedder: false, model: "other", prices });
    expect(e.requests).toBe(0);
    expect(e.usd).toBeNull();
    expect(e.unpriced).toEqual(["other"]);
  });

  it("approximates a text past EXACT_LIMIT: a 1 MiB unbroken cell is counted at about 4 characters a token, never by the tokenizer", async () => {
    const huge = "x".repeat(1024 * 1024);
    const big = await estimateRun([{ ...samples[1]!, answer: huge }], ["faithfulness"], {
      repeat: 1,
      concurrency: 1,
      hasEmbedder: false,
      model: "judge-x",
      prices,
    });
    const small = await estimateRun([samples[1]!], ["faithfulness"], { repeat: 1, concurrency: 1, hasEmbedder: false, model: "judge-x", prices });
    // faithfulness sends the sample twice: the answer's 262,144 approximated tokens per call. The
    // tokenizer would count a run of one letter otherwise (and take seconds over it): these bounds
    // hold only for the approximation.
    expect(big.promptTokens - small.promptTokens).toBeGreaterThanOrEqual(2 * (262_144 - 10));
    expect(big.promptTokens - small.promptTokens).toBeLessThanOrEqual(2 * 262_144);
  });

  it("formats durations (in the UI language) and dollars", () => {
    const en = runsT();
    expect(formatDuration(42, en)).toBe("42 s");
    expect(formatDuration(125, en)).toBe("2 min 5 s");
    expect(formatDuration(3 * 3600 + 120, en)).toBe("3 h 2 min");
    expect(formatDuration(Number.NaN, en)).toBe("–");
    useApp.setState({ lang: "zh" });
    expect(formatDuration(125, runsT())).toBe("2 分 5 秒");
    expect(formatDuration(3 * 3600 + 120, runsT())).toBe("3 小时 2 分");
    useApp.setState({ lang: "en" });
    expect(formatUsd(0.004)).toBe("$0.0040");
    expect(formatUsd(12.345)).toBe("$12.35");
  });
});
