/**
 * Requests, rounds and estimated cost of a run by batch vs the same run sync, for N samples x the
 * five metrics: `npx tsx bench/batch-cost.ts [N]` (default 10,000). The engine's batch passes run
 * in-process against the mock's brains (the same replies the sync mock gives, so the sync run
 * makes exactly these calls: test/llm/batch/run-batch.test.ts checks it); tokens are the mock's
 * usage; prices are gpt-4o-mini + text-embedding-3-small's rows, at list and at batch prices.
 */
import type { Sample } from "../src/engine";
import { PAPER_METRIC_IDS as METRIC_IDS } from "../src/engine/metrics/types";
import { allCalls, type SampleResult } from "../src/engine/run/aggregate";
import { type PendingCall, planBatchPass } from "../src/engine/run/batch-plan";
import type { BatchOutputLine } from "../src/engine/run/batch-records";
import { inputLine, OPENAI_LIMITS, splitToFiles } from "../src/llm/batch/lines";
import { replyBook } from "../src/llm/batch/reply-book";
import { parseTransportConfig } from "../src/llm/config";
import { defaultPriceRows, estimateCost } from "../src/storage/prices";
import { answerLine } from "../test/mock/batch-answer";

const n = Number(process.argv[2] ?? 10_000);
const samples: Sample[] = Array.from({ length: n }, (_, i) => ({
  id: `s${i}`,
  question: `What does record ${i} say about the river?`,
  answer: `Record ${i} says the river is long. It also says the river is ${i % 2 ? "old" : "green"}.`,
  contexts: [`Record ${i}: the river is long and the river is old.`, "Paris is in France. It has cafés.", `Record ${i + 1} is about a lake.`],
  reference: `Record ${i} says the river is long.`,
}));
const config = parseTransportConfig({ baseURL: "http://mock/v1", model: "gpt-4o-mini", embeddingModel: "text-embedding-3-small" });
const units = samples.map((sample) => ({ sample, metricIds: METRIC_IDS }));
const lines = new Map<string, BatchOutputLine>();
const rounds: { requests: number; files: number; byMetric: Record<string, number> }[] = [];
const started = performance.now();
let results: SampleResult[];
for (;;) {
  const pass = await planBatchPass(units, { hasEmbedder: true }, replyBook(lines, config));
  if (pass.pending.length === 0) {
    results = pass.results;
    break;
  }
  const input = pass.pending.map((call: PendingCall) => inputLine(call, config));
  const byMetric: Record<string, number> = {};
  for (const call of pass.pending) byMetric[call.scope.metricId] = (byMetric[call.scope.metricId] ?? 0) + 1;
  rounds.push({ requests: input.length, files: splitToFiles(input, OPENAI_LIMITS).length, byMetric });
  for (const line of input) {
    const answer = answerLine(line.url, line.body, {});
    lines.set(line.custom_id, { custom_id: line.custom_id, response: { status_code: answer.status, body: answer.body }, error: null });
  }
}
const calls = allCalls(results);
const prices = defaultPriceRows();
const sync = estimateCost(calls, prices);
const batch = estimateCost(calls, prices, { batch: true });
const metricRounds = Object.fromEntries(METRIC_IDS.map((id) => [id, rounds.filter((r) => r.byMetric[id]).length]));
console.log(
  JSON.stringify(
    {
      samples: n,
      requests: calls.length,
      chat: calls.filter((c) => c.kind === "chat").length,
      embedding: calls.filter((c) => c.kind === "embedding").length,
      promptTokens: calls.reduce((s, c) => s + c.promptTokens, 0),
      completionTokens: calls.reduce((s, c) => s + c.completionTokens, 0),
      usdSync: Number(sync.usd.toFixed(2)),
      usdBatch: Number(batch.usd.toFixed(2)),
      rounds,
      roundsPerMetric: metricRounds,
      planSeconds: Math.round((performance.now() - started) / 100) / 10,
    },
    null,
    1,
  ),
);
