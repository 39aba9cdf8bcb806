import {
  collectRun,
  countAborted,
  type Embedder,
  type JournalEntry,
  type Judge,
  type AnyMetricId,
  type CustomJudge,
  type MetricOptions,
  type PromptOverrides,
  type RunDatasetHooks,
  runDataset,
  type Sample,
  type Usage,
} from "../../engine";
import type { AppDb } from "../../storage/db/db";
import { loadRunSamples } from "../../storage/db/run-inputs";
import { createRun, getRun, idbJournal, loadRunResults, type RunMeta, saveRun, ZERO_USAGE } from "../../storage/db/runs";
import { generatorStamp } from "../../storage/format/generator";
import { buildReport, promptsUsed } from "../../storage/format/report-build";
import type { Report } from "../../storage/format/report-schema";
import { type RunTarget, targetOutcomes } from "../../storage/db/run-target";

/**
 * Dataset runs as a service over injected ports (the database, a clock, the judge, the tab's
 * lock), with no React and no zustand, so Node tests drive it with fake-indexeddb, a fake clock
 * and a scripted judge. The app wires it to the browser in run-actions.ts.
 *
 * - A new run is stored with a snapshot of its samples and resolved prompts; it and its report
 *   never read the dataset again.
 * - Pause starts no new sample; the samples in flight finish every metric and are journaled, so
 *   a resume asks for nothing twice. Cancel aborts the requests in flight.
 * - Usage counts every request sent: the journaled results' calls, plus (kept on the run as
 *   `unrecorded`) the calls of results a Cancel cut short and the requests it aborted.
 * - One tab runs a run: execute() holds the run's lock for as long as it works on it.
 */

interface Clock {
  now(): number;
}

export interface RunLocks {
  /** Runs `work` holding the run's lock; `{ ran: false }` at once when another tab holds it. */
  exclusive<T>(runId: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
}

export interface RunServicePorts {
  db(): Promise<AppDb>;
  clock: Clock;
  /** The judge and embedder a run scores with (its own models and endpoint); none for a keyless run. */
  judge(meta: RunMeta): Promise<{ judge: Judge | undefined; embedder: Embedder | undefined }>;
  locks: RunLocks;
  newId(): string;
}

export interface RunEvents {
  /** The run is live in this tab; `entries` are what its journal already holds. */
  onLive?(meta: RunMeta, entries: readonly JournalEntry[]): void;
  /** One (sample, repeat) is durable. */
  onEntry?(runId: string, entry: JournalEntry): void;
  /** The run is no longer live here; `meta` is as stored. */
  onStopped?(meta: RunMeta): void;
}

export interface NewRun {
  datasetId: string;
  datasetName: string;
  samples: readonly Sample[];
  /** Absent: named after the moment it is created, which the runs list shows in the UI language (run-title.ts). */
  name?: string;
  metrics: AnyMetricId[];
  /** Options per metric (issue 16), as parseMetricOptions returned them; absent: every default. */
  metricOptions?: Partial<Record<string, MetricOptions>>;
  /** The custom judges among `metrics`, as they are when the run is created. */
  customJudges?: CustomJudge[];
  repeat: number;
  concurrency: number;
  /** Contract 14's thresholds, by metric id. */
  thresholds?: Record<string, number>;
  prompts: PromptOverrides;
  model: string;
  embeddingModel: string;
  baseURL: string;
  /** Issue 29: the answers came from "Ask your system" (the report keeps where each came from). */
  target?: RunTarget;
}

export type RunOutcome =
  | { kind: "done" | "paused" | "cancelled"; meta: RunMeta }
  /** Another tab holds the run: nothing was sent. */
  | { kind: "busy" }
  | { kind: "missing" }
  | { kind: "failed"; error: unknown; meta: RunMeta };

export class RunService {
  private live: { runId: string; abort: AbortController; pausing: boolean } | null = null;

  constructor(
    private readonly ports: RunServicePorts,
    private readonly events: RunEvents = {},
  ) {}

  get liveRunId(): string | null {
    return this.live?.runId ?? null;
  }

  /** Stores a new run with the snapshot of what it scores (not yet started). */
  async create(input: NewRun, spent: Usage = ZERO_USAGE): Promise<RunMeta> {
    const now = this.ports.clock.now();
    const meta: RunMeta = {
      id: this.ports.newId(),
      datasetId: input.datasetId,
      datasetName: input.datasetName,
      name: input.name ?? new Date(now).toLocaleString(),
      createdAt: now,
      updatedAt: now,
      status: "paused",
      metrics: input.metrics,
      ...(input.metricOptions ? { metricOptions: input.metricOptions } : {}),
      ...(input.customJudges ? { customJudges: input.customJudges } : {}),
      repeat: input.repeat,
      ...(input.thresholds ? { thresholds: input.thresholds } : {}),
      concurrency: input.concurrency,
      sampleCount: input.samples.length,
      model: input.model,
      embeddingModel: input.embeddingModel,
      baseURL: input.baseURL,
      prompts: input.prompts,
      promptsUsed: promptsUsed(input.metrics, input.prompts, input.customJudges ?? []),
      activeMs: 0,
      unrecorded: { ...spent },
      ...(input.target ? { target: input.target } : {}),
    };
    await createRun(await this.ports.db(), meta, input.samples);
    return meta;
  }

  /** Starts or resumes a stored run in this tab; resolves when it stops (done, paused, cancelled or failed). */
  /** `spent`: requests made for this run before it started (the connection check), counted in its usage. */
  async execute(runId: string, options: { redo?: RunDatasetHooks["redo"]; spent?: Usage } = {}): Promise<RunOutcome> {
    if (this.live) return { kind: "busy" };
    // Claimed before the first await, so a double click cannot start the run twice in this tab.
    const live = { runId, abort: new AbortController(), pausing: false };
    this.live = live;
    try {
      const held = await this.ports.locks.exclusive(runId, () => this.work(live, options.redo, options.spent ?? ZERO_USAGE));
      return held.ran ? held.value : { kind: "busy" };
    } finally {
      this.live = null;
    }
  }

  pause(): void {
    if (this.live) this.live.pausing = true;
  }

  cancel(): void {
    this.live?.abort.abort(new Error("cancelled by the user"));
  }

  /** A stored run as a report (contract 5), from its snapshot and journal only. */
  async report(runId: string, options: { redact?: readonly string[]; generator?: { name: string; version: string } } = {}): Promise<Report | null> {
    const db = await this.ports.db();
    const meta = await getRun(db, runId);
    if (!meta) return null;
    const [{ samples }, { entries }] = await Promise.all([loadRunSamples(db, runId), loadRunResults(db, runId)]);
    const output = collectRun(samples, meta.metrics, meta.repeat, entries);
    return buildReport({
      samples,
      output: { ...output, usage: addUsage(output.usage, meta.unrecorded) },
      config: {
        baseURL: meta.baseURL,
        model: meta.model,
        ...(meta.embeddingModel ? { embeddingModel: meta.embeddingModel } : {}),
        concurrency: meta.concurrency,
        metrics: meta.metrics,
        ...(meta.metricOptions ? { metricOptions: meta.metricOptions } : {}),
        ...(meta.customJudges?.length ? { customJudges: meta.customJudges } : {}),
        prompts: meta.promptsUsed,
        ...(meta.repeat > 1 ? { repeat: meta.repeat } : {}),
        ...(meta.thresholds ? { thresholds: meta.thresholds } : {}),
      },
      generator: options.generator ?? generatorStamp("browser"),
      createdAt: new Date(meta.createdAt),
      wallMs: meta.activeMs,
      redact: options.redact ?? [],
      ...(meta.target ? { target: { url: meta.target.url, method: meta.target.method, outcomes: targetOutcomes(meta.target, samples) } } : {}),
    });
  }

  private async work(
    live: { runId: string; abort: AbortController; pausing: boolean },
    redo: RunDatasetHooks["redo"] | undefined,
    spent: Usage,
  ): Promise<RunOutcome> {
    const db = await this.ports.db();
    const stored = await getRun(db, live.runId);
    if (!stored) return { kind: "missing" };
    const { samples } = await loadRunSamples(db, live.runId);
    const journal = idbJournal(db, live.runId, () => this.ports.clock.now());
    const startedAt = this.ports.clock.now();
    const running: RunMeta = { ...stored, status: "running", updatedAt: startedAt };
    await saveRun(db, running);
    this.events.onLive?.(running, await journal.load());

    let status: "done" | "paused" | "cancelled" = "paused";
    let failure: unknown;
    let dropped: Usage = { ...ZERO_USAGE };
    let counted: ReturnType<typeof countAborted> | undefined;
    try {
      const ports = await this.ports.judge(stored);
      counted = countAborted(ports.judge, ports.embedder);
      const out = await runDataset(
        samples,
        stored.metrics,
        {
          judge: counted.judge,
          embedder: counted.embedder,
          concurrency: stored.concurrency,
          prompts: stored.prompts,
          repeat: stored.repeat,
          ...(stored.metricOptions ? { metricOptions: stored.metricOptions } : {}),
          ...(stored.customJudges ? { customJudges: stored.customJudges } : {}),
        },
        journal,
        {
          signal: live.abort.signal,
          mayStart: () => !live.pausing && failure === undefined,
          ...(redo ? { redo } : {}),
          onEntry: (entry) => this.events.onEntry?.(live.runId, entry),
        },
      );
      dropped = out.dropped;
      status = live.abort.signal.aborted ? "cancelled" : out.complete ? "done" : "paused";
    } catch (error) {
      failure = error;
      // Whatever else is in flight stops too: a run that cannot save its results must not keep paying for them.
      live.abort.abort(error);
    }
    const aborted = counted?.aborted() ?? { chat: 0, embedding: 0 };
    const finishedAt = this.ports.clock.now();
    const latest = (await getRun(db, live.runId)) ?? running;
    const unrecorded = addUsage(addUsage(addUsage(latest.unrecorded, spent), dropped), {
      ...ZERO_USAGE,
      requests: aborted.chat + aborted.embedding,
      chatRequests: aborted.chat,
      embeddingRequests: aborted.embedding,
    });
    const meta: RunMeta = { ...latest, status, updatedAt: finishedAt, activeMs: latest.activeMs + (finishedAt - startedAt), unrecorded };
    await saveRun(db, meta).catch((error: unknown) => {
      failure ??= error;
    });
    this.events.onStopped?.(meta);
    return failure === undefined ? { kind: status, meta } : { kind: "failed", error: failure, meta };
  }
}

function addUsage(a: Usage, b: Usage): Usage {
  return {
    requests: a.requests + b.requests,
    chatRequests: a.chatRequests + b.chatRequests,
    embeddingRequests: a.embeddingRequests + b.embeddingRequests,
    cachedRequests: a.cachedRequests + b.cachedRequests,
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
  };
}

/** Locks of one process (Node tests; a browser without the Web Locks API). */
export function memoryLocks(): RunLocks & { held: Set<string> } {
  const held = new Set<string>();
  return {
    held,
    async exclusive(runId, work) {
      if (held.has(runId)) return { ran: false };
      held.add(runId);
      try {
        return { ran: true, value: await work() };
      } finally {
        held.delete(runId);
      }
    },
  };
}
