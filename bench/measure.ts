import type { AnyMetricId } from "../src/engine/metrics/types";
import { evaluate, type EvaluateConfig, type EvaluateOutput } from "../src/engine/run/evaluate";
import type { Sample } from "../src/engine/sample";
import { createEmbedder } from "../src/llm/embedder";
import { createJudge } from "../src/llm/judge";
import type { MockRequestRecord } from "../test/mock/server";
import type { RemoteMock } from "./remote-mock";

/**
 * One measured run through the real engine and transport (the CLI's path, minus its connection
 * check), with what the mock saw: every request, its tokens (o200k_base) and its timing.
 */

export interface Measured {
  output: EvaluateOutput;
  records: MockRequestRecord[];
  /** Client side, evaluate() start to end. */
  wallMs: number;
  /** Server side, first request start to last request end: what depth is read from. */
  spanMs: number;
  peakInFlight: number;
}

export interface Cost {
  llmCalls: number;
  embeddingRequests: number;
  embeddingInputs: number;
  depth: number;
  /** Longest chain of requests each starting after the previous one ended: depth by structure. */
  chain: number;
  promptTokens: number;
  schemaTokens: number;
  completionTokens: number;
  embeddingTokens: number;
}

/** Custom judges and metric options for a run (issue 16's metrics). */
export type RunExtras = Pick<EvaluateConfig, "customJudges" | "metricOptions">;

export async function measure(
  mock: RemoteMock,
  samples: readonly Sample[],
  metrics: readonly AnyMetricId[],
  concurrency: number,
  extras: RunExtras = {},
): Promise<Measured> {
  const transport = { baseURL: mock.url, apiKey: "bench-key", model: "mock-judge", embeddingModel: "mock-embedding", timeoutMs: 30_000, maxRetries: 2 };
  await mock.resetLog();
  const started = performance.now();
  const output = await evaluate(samples, metrics, { judge: createJudge(transport), embedder: createEmbedder(transport), concurrency, ...extras });
  const wallMs = performance.now() - started;
  const stats = await mock.stats();
  const records = stats.log.filter((r) => r.kind === "chat" || r.kind === "embedding");
  const spanMs = records.length ? Math.max(...records.map((r) => r.endedAt)) - Math.min(...records.map((r) => r.startedAt)) : 0;
  return { output, records, wallMs, spanMs, peakInFlight: stats.peakInFlight };
}

/**
 * Best of n: the run with the shortest server-side span. Noise (GC, other processes on the
 * machine) only ever adds time, so the least disturbed run is the closest to the structure.
 */
export async function measureBest(
  mock: RemoteMock,
  samples: readonly Sample[],
  metrics: readonly AnyMetricId[],
  concurrency: number,
  n = 3,
  extras: RunExtras = {},
): Promise<Measured> {
  let best: Measured | undefined;
  for (let i = 0; i < n; i++) {
    const run = await measure(mock, samples, metrics, concurrency, extras);
    if (!best || run.spanMs < best.spanMs) best = run;
  }
  return best!;
}

/** Depth = sequential round trips = server-side span over the fixed mock latency, rounded. */
export function costOf(run: Measured, latencyMs: number): Cost {
  const chat = run.records.filter((r) => r.kind === "chat");
  const emb = run.records.filter((r) => r.kind === "embedding");
  const sum = (rs: MockRequestRecord[], f: (r: MockRequestRecord) => number) => rs.reduce((a, r) => a + f(r), 0);
  return {
    llmCalls: chat.length,
    embeddingRequests: emb.length,
    embeddingInputs: sum(emb, (r) => r.inputCount),
    depth: Math.round(run.spanMs / latencyMs),
    chain: chainLength(run.records),
    promptTokens: sum(chat, (r) => r.promptTokens),
    schemaTokens: sum(chat, (r) => r.schemaTokens),
    completionTokens: sum(chat, (r) => r.completionTokens),
    embeddingTokens: sum(emb, (r) => r.promptTokens),
  };
}

/** Sequential round trips read from the log's timing, blind to processing time between them. */
export function chainLength(records: readonly MockRequestRecord[]): number {
  const sorted = [...records].sort((a, b) => a.startedAt - b.startedAt);
  const depth: number[] = [];
  sorted.forEach((r, i) => {
    depth[i] = 1 + Math.max(0, ...sorted.slice(0, i).map((q, j) => (q.endedAt <= r.startedAt ? depth[j]! : 0)));
  });
  return Math.max(0, ...depth);
}

/** "0.67" or "null: parse_error", for the result column. */
export function scoreText(run: Measured, metric: AnyMetricId): string {
  const result = run.output.results[0]?.metrics[metric];
  if (!result) return "-";
  return result.score === null ? `null: ${result.error?.code}` : result.score.toFixed(2);
}
