import { getMetric, metricShape } from "../metrics/registry";
import type { CustomJudge } from "../metrics/custom";
import type { AnyMetricId, MetricOptions, SharedReplies } from "../metrics/types";
import type { EmbedReply, EmbedRequest, Embedder, Judge, JudgeReply, JudgeRequest } from "../ports";
import type { PromptOverrides } from "../prompts/types";
import { isMetricError, MetricError, type MetricResult } from "../result";
import { canonicalJson, sha256Hex } from "../text/sha256";
import type { SampleResult } from "./aggregate";
import type { WorkUnit } from "./evaluate";
import { scoreMetric } from "./score-metric";

/**
 * A run by batch is the same engine with another transport: every metric's steps run against
 * "recording" ports. A call whose reply an earlier round brought back is answered at once; a call
 * whose reply is not known yet is recorded (with a deterministic custom_id) and suspends that
 * metric. One pass over the unfinished metrics therefore yields the next round's requests; the
 * run is a sequence of passes until no metric is suspended. There is ONE implementation of every
 * metric: the passes call the very scoreMetric the sync run calls.
 */

/** Whose call this is: the first parts of its custom_id. */
export interface BatchScope {
  sampleId: string;
  /** "testset": a test-set generation's call (testset/batch-pass.ts). */
  metricId: AnyMetricId | "testset";
}

export type PendingCall =
  | { customId: string; kind: "chat"; scope: BatchScope; request: JudgeRequest<unknown> }
  | { customId: string; kind: "embedding"; scope: BatchScope; request: EmbedRequest };

/**
 * What earlier rounds brought back, by custom_id: a reply, a coded error (a failed or expired line
 * is an llm_error with the provider's words), or undefined while not known. The transport builds
 * it from the output files; turning a raw line into a validated reply is the transport's job.
 */
export interface ReplyBook {
  chat<O>(customId: string, request: JudgeRequest<O>): JudgeReply<O> | MetricError | undefined;
  embedding(customId: string, request: EmbedRequest): EmbedReply | MetricError | undefined;
}

export interface BatchPlanConfig {
  prompts?: PromptOverrides;
  metricOptions?: Partial<Record<AnyMetricId, MetricOptions>>;
  /** The run's custom judges (`custom:<slug>` metric ids). */
  customJudges?: readonly CustomJudge[];
  /** Whether an embedding model is configured (a metric that needs one is a missing_input null without). */
  hasEmbedder: boolean;
}

export interface BatchPass {
  /** One per unit, holding the metrics that finished (scored or coded null). */
  results: SampleResult[];
  /** Metrics finished / all metrics of the units. */
  finished: number;
  total: number;
  /** The next round's requests, unique by custom_id, in a stable order. */
  pending: PendingCall[];
}

/** Thrown into a metric whose reply is not known yet; the metric's result of this pass is dropped. */
class BatchPending extends Error {
  override name = "BatchPending";
}

/** Longest custom_id we make: Together documents 64, Anthropic validates them too. */
export const MAX_CUSTOM_ID = 64;

const SAFE_ID = /^[A-Za-z0-9_-]{1,20}$/;
const SAFE_METRIC = /^[a-z_]{1,22}$/;

/**
 * `sample:metric:step:n:hash`, at most 64 characters: the sample id itself when short and plain
 * (readable in a provider's dashboard), else a hash of it; `n` counts this step's calls within the
 * metric (a follow-up for missing items is call 1); the request hash makes a changed prompt a
 * different request, never a stale reply.
 */
export function batchCustomId(scope: BatchScope, step: string, n: number, requestHash: string): string {
  const sample = SAFE_ID.test(scope.sampleId) ? scope.sampleId : `h${sha256Hex(scope.sampleId).slice(0, 12)}`;
  // A custom judge's id (`custom:<slug>`) holds a colon and may be long: its hash stands in.
  const metric = SAFE_METRIC.test(scope.metricId) ? scope.metricId : `m${sha256Hex(scope.metricId).slice(0, 10)}`;
  return `${sample}:${metric}:${step.slice(0, 12)}:${n}:${requestHash.slice(0, 10)}`;
}

export function chatRequestHash(request: JudgeRequest<unknown>): string {
  return sha256Hex(canonicalJson({ messages: request.messages, name: request.output.name, schema: request.output.jsonSchema }));
}

export function embedRequestHash(request: EmbedRequest): string {
  return sha256Hex(canonicalJson({ texts: request.texts }));
}

/** "faithfulness.verdicts" -> "verdicts": the metric is already in the id. */
export function stepOf(promptId: string): string {
  const dot = promptId.lastIndexOf(".");
  return dot >= 0 ? promptId.slice(dot + 1) : promptId;
}

/** The ports one (sample, metric) runs against during a pass. */
function recordingPorts(scope: BatchScope, book: ReplyBook, pending: PendingCall[]) {
  const counts = new Map<string, number>();
  let suspended = false;
  const nextN = (step: string) => {
    const n = counts.get(step) ?? 0;
    counts.set(step, n + 1);
    return n;
  };
  const judge: Judge = {
    complete<O>(request: JudgeRequest<O>): Promise<JudgeReply<O>> {
      const step = stepOf(request.promptId);
      const customId = batchCustomId(scope, step, nextN(step), chatRequestHash(request as JudgeRequest<unknown>));
      const known = book.chat(customId, request);
      if (known instanceof MetricError) return Promise.reject(known);
      if (known) return Promise.resolve(known);
      suspended = true;
      pending.push({ customId, kind: "chat", scope, request: request as JudgeRequest<unknown> });
      return Promise.reject(new BatchPending(customId));
    },
  };
  const embedder: Embedder = {
    embed(request: EmbedRequest): Promise<EmbedReply> {
      const customId = batchCustomId(scope, "embeddings", nextN("embeddings"), embedRequestHash(request));
      const known = book.embedding(customId, request);
      if (isMetricError(known)) return Promise.reject(known);
      if (known) return Promise.resolve(known);
      suspended = true;
      pending.push({ customId, kind: "embedding", scope, request });
      return Promise.reject(new BatchPending(customId));
    },
  };
  return { judge, embedder, suspended: () => suspended };
}

/**
 * A sample's shared replies as one metric sees them (the sync run shares one map per sample, so a
 * request two metrics make goes once; so must a batch). A metric that reuses a reply still
 * unknown is suspended too, though its own port was never called: `waitsOnPending` says so.
 */
function sharedView(shared: SharedReplies, pendingKeys: Set<string>) {
  const used = new Set<string>();
  const view: SharedReplies = new Map();
  view.get = (key) => {
    const found = shared.get(key);
    if (found !== undefined) used.add(key);
    return found;
  };
  view.set = (key, reply) => {
    shared.set(key, reply);
    reply.catch((error: unknown) => {
      if (error instanceof BatchPending) pendingKeys.add(key);
    });
    return view;
  };
  return { view, waitsOnPending: () => [...used].some((key) => pendingKeys.has(key)) };
}

/**
 * One pass: every (sample, metric) of the units runs against what is known; finished ones keep
 * their result, suspended ones add their requests to `pending`. Pure: no I/O, no timers; every
 * await settles within the pass, since the ports answer synchronously.
 */
export async function planBatchPass(units: readonly WorkUnit[], config: BatchPlanConfig, book: ReplyBook): Promise<BatchPass> {
  const definitions = new Map(units.flatMap((u) => u.metricIds).map((id) => [id, getMetric(id, config.customJudges)]));
  const results: SampleResult[] = units.map((u) => ({ sampleId: u.sample.id, metrics: {} }));
  const pending: PendingCall[] = [];
  let finished = 0;
  let total = 0;
  await Promise.all(
    units.map(async (unit, index) => {
      const shared: SharedReplies = new Map();
      const pendingKeys = new Set<string>();
      const runs = await Promise.all(
        unit.metricIds.map(async (metricId) => {
          total++;
          const own: PendingCall[] = [];
          const ports = recordingPorts({ sampleId: unit.sample.id, metricId }, book, own);
          const view = sharedView(shared, pendingKeys);
          const result: MetricResult = await scoreMetric(definitions.get(metricId)!, unit.sample, {
            judge: ports.judge,
            embedder: config.hasEmbedder ? ports.embedder : undefined,
            prompts: config.prompts,
            options: config.metricOptions?.[metricId] ?? {},
            signal: undefined,
            shared: view.view,
          });
          return { metricId, result, own, ports, view };
        }),
      );
      // Judged once every metric of the sample has settled: a reused reply's fate is known by then.
      for (const { metricId, result, own, ports, view } of runs) {
        if (ports.suspended() || view.waitsOnPending()) {
          pending.push(...own);
          continue;
        }
        results[index]!.metrics[metricId] = result;
        finished++;
      }
    }),
  );
  return { results, finished, total, pending: uniqueSorted(pending) };
}

/** Sorted by custom_id so that the same pass always splits into the same files. */
export function uniqueSorted(calls: readonly PendingCall[]): PendingCall[] {
  const byId = new Map<string, PendingCall>();
  for (const call of calls) if (!byId.has(call.customId)) byId.set(call.customId, call);
  return [...byId.values()].sort((a, b) => (a.customId < b.customId ? -1 : a.customId > b.customId ? 1 : 0));
}

/** The only completion window OpenAI and Azure offer (Anthropic's batches also end within 24 h). */
export const BATCH_WINDOW = "24h";

/** An id this version does not know is assumed to decompose, then judge. */
const UNKNOWN_METRIC_ROUNDS = 2;

/**
 * The rounds a run of these metrics takes when every reply is usable (a reply that leaves items out
 * adds one follow-up round): the slowest metric's, each metric's own `batchRounds`. For the run
 * estimate; the real count is what the passes find.
 */
export function batchRoundsFor(metricIds: readonly string[]): number {
  return metricIds.reduce((most, id) => Math.max(most, metricShape(id)?.batchRounds ?? UNKNOWN_METRIC_ROUNDS), 0);
}
