import { describe, expect, it } from "vitest";
import { evaluate, type MetricId, type Sample } from "../../../src/engine";
import { buildReport, parseReport, promptsUsed, serializeReport, type Report } from "../../../src/storage/format/report";

const TEXT_METRICS: MetricId[] = ["bleu", "chrf", "rouge_l", "string_similarity", "exact_match", "string_presence"];
const samples: Sample[] = [
  { id: "en", question: "Capital of France?", answer: "The capital of France is Paris.", contexts: [], reference: "Paris is the capital of France." },
  { id: "zh", question: "法国的首都？", answer: "法国的首都是巴黎。", contexts: [], reference: "巴黎是法国的首都。" },
  { id: "no-ref", question: "Q", answer: "A", contexts: [] },
];

async function textReport(): Promise<Report> {
  const output = await evaluate(samples, TEXT_METRICS, { concurrency: 2 });
  return buildReport({
    samples,
    output,
    config: { baseURL: "", model: "", concurrency: 2, metrics: TEXT_METRICS, prompts: promptsUsed(TEXT_METRICS) },
    generator: { name: "test", version: "0.0.1" },
    createdAt: new Date("2026-01-01T00:00:00Z"),
    wallMs: 1,
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the tests break documents in ways no type allows
const clone = (r: Report) => JSON.parse(JSON.stringify(r)) as any;
function errorOf(doc: unknown) {
  const result = parseReport(JSON.stringify(doc), "run.json");
  if (result.ok) throw new Error("expected the report to be refused");
  return result.error;
}

describe("reports with the metrics that need no judge", () => {
  it("round-trip: every score recomputes from its trace, no prompt is recorded, nothing was requested", async () => {
    const report = await textReport();
    expect(report.config.prompts).toEqual([]);
    expect(report.usage.requests).toBe(0);
    const parsed = parseReport(serializeReport(report), "run.json");
    expect(parsed.ok).toBe(true);
    expect(report.results[1]!.metrics.bleu!.trace).toMatchObject({ tokenizer: "zh" });
    expect(report.results[2]!.metrics.rouge_l).toMatchObject({ score: null, error: { code: "missing_input" } });
  });

  it("refuse a hand-edited score, by path", async () => {
    const doc = clone(await textReport());
    doc.results[0].metrics.rouge_l.score = 0.99;
    expect(errorOf(doc).path).toBe("results[0].metrics.rouge_l.score");
  });

  it("refuse counts that do not fit their tokens, by path", async () => {
    const doc = clone(await textReport());
    doc.results[0].metrics.rouge_l.trace.lcs = 99;
    expect(errorOf(doc).path).toBe("results[0].metrics.rouge_l.trace.lcs");
    const bleu = clone(await textReport());
    bleu.results[0].metrics.bleu.trace.answerTokens.push("extra");
    // The BLEU score is recomputed from the tokens themselves: one more token changes it.
    expect(errorOf(bleu).path).toBe("results[0].metrics.bleu.score");
    const exact = clone(await textReport());
    exact.results[0].metrics.exact_match.trace.match = 1;
    expect(errorOf(exact).path).toBe("results[0].metrics.exact_match.score");
  });
});
