import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type AnyMetricId, customJudgeSchema, JUDGE_METRIC_IDS, type MetricOptions } from "../src/engine";
import type { Sample } from "../src/engine/sample";
import { costOf, measureBest, scoreText, type Cost } from "./measure";
import { type RemoteMock, startRemoteMock } from "./remote-mock";
import { across, table } from "./table";

/**
 * (d) Issue 16's metrics, one at a time per sample: LLM calls, embedding requests, round trips and
 * tokens, beside what ragas 0.4 makes for the same metric (research/metrics-batch-engines.md:
 * answer correctness 3 + 2 embeddings, factual correctness f1 4, noise sensitivity 3 + 2N,
 * entity recall 2, context utilization N, semantic similarity 2 embeddings, AspectCritic 1
 * whatever its strictness). Runs inside `npm run bench`, or alone: `npx tsx bench/more-metrics.ts`.
 */

export const BENCH_JUDGES = [
  customJudgeSchema.parse({
    slug: "politeness",
    name: "Politeness",
    definition: "The answer is courteous and respectful.",
    inputs: ["question", "answer"],
    scale: "binary",
    strictness: 3,
  }),
  customJudgeSchema.parse({
    slug: "helpfulness",
    name: "Helpfulness",
    definition: "How far the answer helps the user.",
    inputs: ["question", "answer", "contexts"],
    scale: "rubric",
    levels: ["does not help", "barely helps", "helps somewhat", "helps", "fully helps"],
  }),
];

interface Variant {
  label: string;
  metric: AnyMetricId;
  options?: MetricOptions;
  /** ragas 0.4's requests for the same metric, given each sample's number of contexts. */
  ragas: (ns: readonly number[]) => string;
}

export const VARIANTS: Variant[] = [
  { label: "answer_correctness", metric: "answer_correctness", ragas: () => "3 + 2 emb, 3 deep" },
  { label: "answer_correctness weights=1,0", metric: "answer_correctness", options: { weights: [1, 0] }, ragas: () => "3, 3 deep" },
  { label: "factual_correctness f1", metric: "factual_correctness", ragas: () => "4, 2 deep" },
  { label: "factual_correctness precision", metric: "factual_correctness", options: { mode: "precision" }, ragas: () => "2, 2 deep" },
  { label: "factual_correctness recall", metric: "factual_correctness", options: { mode: "recall" }, ragas: () => "4, 2 deep" },
  { label: "noise_sensitivity", metric: "noise_sensitivity", ragas: (ns) => `3 + 2N (${ns.map((n) => 3 + 2 * n).join(" / ")}), as deep` },
  { label: "context_entity_recall", metric: "context_entity_recall", ragas: () => "2, 2 deep" },
  { label: "context_utilization", metric: "context_utilization", ragas: (ns) => `N (${ns.join(" / ")}), as deep` },
  { label: "semantic_similarity", metric: "semantic_similarity", ragas: () => "0 + 2 emb" },
  { label: "custom binary, k = 3", metric: "custom:politeness", ragas: () => "1 (strictness inert)" },
  { label: "custom rubric, k = 1", metric: "custom:helpfulness", ragas: () => "1" },
];

export interface MoreMetricRow extends Cost {
  label: string;
  sample: string;
  result: string;
}

export async function measureMoreMetrics(mock: RemoteMock, samples: readonly Sample[], latencyMs: number, concurrency: number): Promise<MoreMetricRow[]> {
  const rows: MoreMetricRow[] = [];
  for (const v of VARIANTS) {
    for (const sample of samples) {
      const extras = { customJudges: BENCH_JUDGES, ...(v.options ? { metricOptions: { [v.metric]: v.options } } : {}) };
      const run = await measureBest(mock, [sample], [v.metric], concurrency, 3, extras);
      rows.push({ ...costOf(run, latencyMs), label: v.label, sample: sample.id, result: scoreText(run, v.metric) });
    }
  }
  const ids = samples.map((s) => s.id);
  console.log(`\n(d) Issue 16's metrics per sample (${across(ids)}), mock latency ${latencyMs} ms; ragas 0.4's requests for the same metric beside them\n`);
  console.log(
    table(
      ["metric", "LLM calls", "embedding requests", "depth", "prompt + schema tokens", "completion tokens", "result", "ragas 0.4 (requests, depth)"],
      VARIANTS.map((v) => {
        const mine = rows.filter((r) => r.label === v.label);
        const col = (f: (r: MoreMetricRow) => number | string) => across(mine.map(f));
        return [
          v.label,
          col((r) => r.llmCalls),
          col((r) => r.embeddingRequests),
          col((r) => r.depth),
          col((r) => r.promptTokens + r.schemaTokens),
          col((r) => r.completionTokens),
          col((r) => r.result),
          v.ragas(samples.map((s) => s.contexts.length)),
        ];
      }),
    ),
  );
  return rows;
}

// Alone: its own mock, the bench's samples, results merged into bench/results.json.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const latencyMs = Number(process.env.BENCH_CALL_LATENCY_MS ?? 200);
  const { samples } = JSON.parse(readFileSync(new URL("./samples.json", import.meta.url), "utf8")) as { samples: Sample[] };
  const mock = await startRemoteMock({ latencyMs });
  await measureBest(mock, samples.slice(0, 1), [...JUDGE_METRIC_IDS], 16, 1, { customJudges: BENCH_JUDGES });
  const rows = await measureMoreMetrics(mock, samples, latencyMs, 16);
  await mock.close();
  const path = new URL("./results.json", import.meta.url);
  const results = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  writeFileSync(path, `${JSON.stringify({ ...results, moreMetrics: { generatedAt: new Date().toISOString(), latencyMs, rows } }, null, 2)}\n`);
  console.log("\nwritten: bench/results.json (moreMetrics)");
}
