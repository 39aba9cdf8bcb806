import type { MetricTraces } from "../../src/engine/metrics/registry";
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { type CustomJudge, customJudgeSchema, PAPER_METRIC_IDS, evaluate, type Sample } from "../../src/engine";
import { recomputeScore } from "../../src/engine/recompute";
import type { CallRecord } from "../../src/engine/result";
import { BUILT_IN_EXAMPLES } from "../../src/demo/examples";
import { createEmbedder, createJudge, type TransportConfigInput } from "../../src/llm";
import type { MockServer } from "../mock/server";

/** The metrics that call the judge (the ones that need no judge make no request to budget or fault). */
// The paper's five (schema-random-judges.test.ts covers issue 16's judge metrics).
const METRIC_IDS = PAPER_METRIC_IDS;

/** English and Chinese samples: the bench's three and the app's built-in examples. */
export const SAMPLES: Sample[] = [
  ...(JSON.parse(readFileSync("bench/samples.json", "utf8")) as { samples: Sample[] }).samples,
  ...BUILT_IN_EXAMPLES.map((e) => e.sample),
];

/** Two custom judges, one per scale (binary with k = 3 votes, rubric): their reply schemas are sent too. */
export const CUSTOM_JUDGES: CustomJudge[] = [
  customJudgeSchema.parse({
    slug: "politeness",
    name: "Politeness",
    definition: "The answer is courteous.",
    inputs: ["question", "answer"],
    scale: "binary",
    strictness: 3,
  }),
  customJudgeSchema.parse({
    slug: "grounded",
    name: "Groundedness",
    definition: "How far the answer keeps to the contexts.",
    inputs: ["answer", "contexts", "reference"],
    scale: "rubric",
    levels: ["invents most", "invents much", "mixed", "mostly grounded", "fully grounded"],
  }),
];

export interface RunCheck {
  scored: number;
  nulls: Record<string, number>;
  maxChatCalls: number;
  results: number;
  /** Statement texts the judge wrote, by sample id (to see which language it answered in). */
  statements: Record<string, string[]>;
}

/**
 * One run of all five metrics over `samples` against `mock`, checking the contract-8 promises:
 * no parse_error, every score equal to the recomputation from its trace, at most 6 chat calls
 * (retries are attempts inside a call, not calls) per sample.
 */
export async function runAndCheck(mock: MockServer, samples: readonly Sample[], extra: Partial<TransportConfigInput> = {}, concurrency = 8): Promise<RunCheck> {
  const config = { baseURL: mock.url, apiKey: "test", model: "mock-judge", embeddingModel: "mock-embedding", ...extra };
  const out = await evaluate(samples, METRIC_IDS, { judge: createJudge(config), embedder: createEmbedder(config), concurrency });
  const check: RunCheck = { scored: 0, nulls: {}, maxChatCalls: 0, results: 0, statements: {} };
  for (const row of out.results) {
    check.statements[row.sampleId] = ((row.metrics.faithfulness?.trace as MetricTraces["faithfulness"] | undefined)?.statements ?? []).map(
      (s: { text: string }) => s.text,
    );
    let chat = 0;
    for (const id of METRIC_IDS) {
      const result = row.metrics[id]!;
      check.results++;
      chat += (result.trace.calls as CallRecord[]).filter((c) => c.kind === "chat").length;
      if (result.score === null) {
        const code = result.error!.code;
        check.nulls[code] = (check.nulls[code] ?? 0) + 1;
        expect(code, `${row.sampleId} ${id}: ${result.error!.message}`).not.toBe("parse_error");
        continue;
      }
      check.scored++;
      expect(result.score, `${row.sampleId} ${id}`).toBe(recomputeScore(id, result.trace).score);
    }
    check.maxChatCalls = Math.max(check.maxChatCalls, chat);
  }
  return check;
}
