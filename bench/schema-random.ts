// The paper's five, as the rest of the bench measures.
import { PAPER_METRIC_IDS as METRIC_IDS } from "../src/engine/metrics/types";
import type { CallRecord } from "../src/engine/result";
import type { Sample } from "../src/engine/sample";
import { costOf, measure, measureBest, type Measured } from "./measure";
import type { RemoteMock } from "./remote-mock";

/**
 * The same measurements against the schema-random mock (test/mock/random-json.ts): a server that
 * enforces each request's JSON schema and answers at random within it, as constrained decoding
 * and small local models do. The cooperative mock answers our prompts as intended; this one shows
 * what contract 8 guarantees without that help.
 */
export interface ModeRow {
  mock: string;
  parseErrors: number;
  nulls: number;
  maxChatCallsPerSample: number;
  maxEmbeddingRequestsPerSample: number;
  oppenheimerTokens: number;
  wallMs: number;
  requests: number;
  idealMs: number;
  ratio: number;
  peakInFlight: number;
}

function perSampleMax(run: Measured, kind: "chat" | "embedding"): number {
  return Math.max(
    ...run.output.results.map((r) =>
      Object.values(r.metrics).reduce((sum, m) => sum + (m!.trace.calls as CallRecord[]).filter((c) => c.kind === kind && !c.cached).length, 0),
    ),
  );
}

export async function measureMode(
  mock: RemoteMock,
  label: string,
  options: { schemaRandom?: { seed: number } },
  samples: readonly Sample[],
  fifty: readonly Sample[],
  latencies: { call: number; throughput: number },
  concurrency: number,
): Promise<ModeRow> {
  await mock.configure({ ...options, latencyMs: latencies.call });
  const opp = samples.find((s) => s.id === "oppenheimer")!;
  const one = costOf(await measureBest(mock, [opp], METRIC_IDS, concurrency), latencies.call);
  await mock.configure({ latencyMs: latencies.throughput });
  const big = await measure(mock, fifty, METRIC_IDS, concurrency);
  const all = big.output.results.flatMap((r) => Object.values(r.metrics));
  const idealMs = (big.records.length / concurrency) * latencies.throughput;
  return {
    mock: label,
    parseErrors: all.filter((m) => m!.error?.code === "parse_error").length,
    nulls: all.filter((m) => m!.score === null).length,
    maxChatCallsPerSample: perSampleMax(big, "chat"),
    maxEmbeddingRequestsPerSample: perSampleMax(big, "embedding"),
    oppenheimerTokens: one.promptTokens + one.schemaTokens,
    wallMs: Math.round(big.wallMs),
    requests: big.records.length,
    idealMs: Math.round(idealMs),
    ratio: Number((big.wallMs / idealMs).toFixed(3)),
    peakInFlight: big.peakInFlight,
  };
}
