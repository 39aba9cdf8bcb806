import { getMetric } from "../metrics/registry";
import type { AnyMetricId, MetricOptions } from "../metrics/types";
import type { Embedder, Judge } from "../ports";
import type { PromptOverrides } from "../prompts/types";
import type { CallRecord, MetricResult } from "../result";
import { Limiter } from "../run/limiter";
import { scoreMetric } from "../run/score-metric";
import type { Sample } from "../sample";
import { assemble } from "./assemble";
import { rankPair, rateCandidate, shownOrder } from "./baselines";
import { limitEmbedder, limitJudge } from "../run/limited-ports";
import { meteredPorts } from "../run/metered-ports";
import { type Spend, SpendMeter } from "../run/spend-meter";
import { jobKey, planAgreement } from "./plan";
import { type AbsoluteRowResult, type AgreementMethod, type AgreementRow, type AgreementRowResult, type AgreementTask, methodTasks } from "./types";

export interface AgreementConfig {
  judge: Judge;
  embedder?: Embedder;
  /** Most requests in flight at once, across every method and task of the run. */
  concurrency: number;
  tasks: readonly AgreementTask[];
  methods: readonly AgreementMethod[];
  /** Seeds the order GPT Ranking shows the two candidates in. */
  seed: string;
  prompts?: PromptOverrides;
  metricOptions?: Partial<Record<AnyMetricId, MetricOptions>>;
  /** Absolute labels: a score at or above it predicts 1 (default 0.5). */
  threshold?: number;
  /** Requests made for this run before it started (the connection check): billed with it. */
  spentBefore?: readonly CallRecord[];
}

export interface AgreementHooks {
  signal?: AbortSignal;
  /** After each judgement, with every request the run has made so far (failed ones too). */
  onProgress?: (progress: { done: number; total: number; spend: Spend }) => void;
}

export interface AgreementOutput {
  samples: Sample[];
  rows: AgreementRowResult[];
  absolute: AbsoluteRowResult[];
  peakInFlight: number;
  /** Every request of the run, as the provider bills it (the connection check's included). */
  spend: Spend;
}

/**
 * Runs every chosen method on every chosen task. Each judgement (a metric on a candidate, a
 * rating of a candidate, a ranking of a pair) is one job; jobs share ONE limiter; every job ends
 * with a result, a score or a coded null, even when cancelled.
 */
export async function runAgreement(rows: readonly AgreementRow[], config: AgreementConfig, hooks: AgreementHooks = {}): Promise<AgreementOutput> {
  const plan = planAgreement(rows, config.tasks);
  const samples = new Map(plan.samples.map((s) => [s.id, s]));
  const limiter = new Limiter(config.concurrency);
  const meter = new SpendMeter();
  meter.add(config.spentBefore ?? []);
  // Metered inside the limiter: a request is counted when its reply (or its failure) is in.
  const metered = meteredPorts({ judge: config.judge, ...(config.embedder ? { embedder: config.embedder } : {}) }, (calls) => meter.add(calls));
  const judge = limitJudge(metered.judge, limiter);
  const embedder = metered.embedder ? limitEmbedder(metered.embedder, limiter) : undefined;
  const deps = { judge, prompts: config.prompts, signal: hooks.signal };

  const jobs = new Map<string, () => Promise<MetricResult>>();
  const add = (key: string, job: () => Promise<MetricResult>) => {
    if (!jobs.has(key)) jobs.set(key, job);
  };
  const candidates = [
    ...plan.pairs.flatMap((p) => [p.a, p.b].map((s) => ({ task: p.task, sample: s }))),
    ...plan.absolute.map((x) => ({ task: x.task, sample: x.sample })),
  ];
  for (const method of config.methods) {
    const tasks = methodTasks(method);
    for (const { task, sample } of candidates) {
      if (!tasks.includes(task)) continue;
      const s = samples.get(sample)!;
      if (method === "ragas") {
        add(jobKey(method, task, sample), () =>
          scoreMetric(getMetric(task), s, {
            judge,
            embedder,
            prompts: config.prompts,
            options: config.metricOptions?.[task] ?? {},
            signal: hooks.signal,
          }),
        );
      } else if (method === "gpt_score" || method === "gpt_score_5") {
        add(jobKey(method, task, sample), () => rateCandidate(task, s, deps, method === "gpt_score_5"));
      }
    }
    if (method !== "gpt_ranking") continue;
    for (const pair of plan.pairs) {
      const order = shownOrder(config.seed, pair.task, pair.id);
      add(jobKey(method, pair.task, `${pair.a}~${pair.b}`), () => rankPair(pair.task, samples.get(pair.a)!, samples.get(pair.b)!, order, deps));
    }
  }

  const results = new Map<string, MetricResult>();
  const queue = [...jobs.entries()];
  let done = 0;
  let next = 0;
  // Enough jobs in flight to keep every request slot busy, few enough to keep the queue short.
  const worker = async () => {
    while (next < queue.length) {
      const [key, job] = queue[next++]!;
      results.set(key, await job());
      done++;
      hooks.onProgress?.({ done, total: queue.length, spend: meter.spend });
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(4, config.concurrency * 2), queue.length) }, worker));

  const { rows: table, absolute } = assemble(plan, config.methods, results, config.threshold ?? 0.5);
  return { samples: plan.samples, rows: table, absolute, peakInFlight: limiter.peak, spend: meter.spend };
}
