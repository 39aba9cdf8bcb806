import type { Embedder, Judge } from "../../../engine";
import { type GenerationProgress, type GenerationResult, generateTestset, type PausablePorts, pausablePorts } from "../../../engine/testset";
import type { AppDb } from "../../../storage/db/db";
import { deleteGenerationJob, type GenerationJob, loadGenerationJob, type NewGenerationJob, saveGenerationJob } from "../../../storage/db/generation-jobs";

/**
 * A test-set generation's life (start, Pause, Resume, Cancel, a reload) over injected ports (the
 * database, the judge of the job's models, the tab's lock, where the lines go), with no React
 * and no zustand, so a Node test drives it with fake-indexeddb and the mock server.
 *
 * - The job (options, chunks, models, prompt versions) is stored before the first request; the
 *   replies land in the judge's reply cache as they come. A resume, in this tab or after a
 *   reload, runs the same generation again over that cache: every request answered before is
 *   read back, not sent, and the same seed gives the same lines as an uninterrupted run.
 * - Pause starts no new request; those in flight finish (into the cache) before it says paused.
 *   Cancel aborts them and forgets the job. Requests stopped by neither (the tab is going away)
 *   leave the job as it was: the next page finds it interrupted.
 * - One tab generates: the work runs holding the generation's lock.
 */

export interface GenerationServicePorts {
  db(): Promise<AppDb>;
  /** The judge and embedder of the job's models and endpoint, over the reply cache. */
  ports(job: GenerationJob): Promise<{ judge: Judge; embedder: Embedder }>;
  /** Runs `work` holding the generation's lock; `{ ran: false }` at once when another tab holds it. */
  exclusive<T>(work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /** Stores the lines as a dataset; its name, or null when nothing was stored. */
  store(job: GenerationJob, result: GenerationResult): Promise<string | null>;
}

export type GenerationOutcome =
  | { kind: "done"; job: GenerationJob; result: GenerationResult; dataset: string | null }
  | { kind: "paused"; job: GenerationJob; result: GenerationResult }
  | { kind: "cancelled" }
  /** Requests stopped with no Pause or Cancel (the page is closing): the job is kept as it was. */
  | { kind: "interrupted"; job: GenerationJob }
  /** Another tab holds the generation: nothing was sent. */
  | { kind: "busy" }
  | { kind: "missing" }
  | { kind: "failed"; message: string };

/** A stored generation no tab of this page runs: paused, interrupted (no tab holds it), or run by another tab. */
export interface StoredGeneration {
  job: GenerationJob;
  state: "paused" | "interrupted" | "busy";
}

interface Live {
  abort: AbortController;
  stopAs: "pause" | "cancel" | null;
  pausable: PausablePorts | null;
}

export class GenerationService {
  private live: Live | null = null;

  constructor(
    private readonly ports: GenerationServicePorts,
    private readonly onProgress: (progress: GenerationProgress) => void = () => undefined,
  ) {}

  get running(): boolean {
    return this.live !== null;
  }

  /** Stores the job and generates; resolves when it stops. */
  start(job: NewGenerationJob): Promise<GenerationOutcome> {
    return this.run(job);
  }

  /** Goes on with the stored job (paused, or interrupted by a reload). */
  resume(): Promise<GenerationOutcome> {
    return this.run(null);
  }

  pause(): void {
    if (!this.live || this.live.stopAs !== null) return;
    this.live.stopAs = "pause";
    this.live.pausable?.pause();
  }

  /** Stops (aborting the requests in flight) and forgets the job; without a live one, forgets the stored job. */
  async cancel(): Promise<void> {
    if (this.live) {
      this.live.stopAs = "cancel";
      this.live.abort.abort(new Error("cancelled by the user"));
      return;
    }
    const freed = await this.ports.exclusive(async () => deleteGenerationJob(await this.ports.db()));
    if (!freed.ran) throw new Error("another tab is generating this test set");
  }

  async stored(): Promise<StoredGeneration | null> {
    if (this.live) return null;
    const { job } = await loadGenerationJob(await this.ports.db());
    if (!job) return null;
    const free = await this.ports.exclusive(async () => true);
    return { job, state: !free.ran ? "busy" : job.status === "paused" ? "paused" : "interrupted" };
  }

  private async run(fresh: NewGenerationJob | null): Promise<GenerationOutcome> {
    if (this.live) return { kind: "busy" };
    // Claimed before the first await, so a double click cannot start two generations.
    const live: Live = { abort: new AbortController(), stopAs: null, pausable: null };
    this.live = live;
    try {
      const held = await this.ports.exclusive(() => this.work(live, fresh));
      return held.ran ? held.value : { kind: "busy" };
    } finally {
      this.live = null;
    }
  }

  private async work(live: Live, fresh: NewGenerationJob | null): Promise<GenerationOutcome> {
    const db = await this.ports.db();
    const stored = fresh ?? (await loadGenerationJob(db)).job;
    if (!stored) return { kind: "missing" };
    const job = await saveGenerationJob(db, { ...stored, status: "running" });
    try {
      const pausable = pausablePorts(await this.ports.ports(job));
      live.pausable = pausable;
      if (live.stopAs === "pause") pausable.pause();
      const result = await generateTestset(
        job.chunks,
        { ...job.options, prompts: job.prompts },
        { judge: pausable.judge, embedder: pausable.embedder, signal: live.abort.signal, onProgress: this.onProgress },
      );
      // Every reply still on the wire lands in the cache before anyone may resume.
      await pausable.settled();
      if (!result.cancelled) {
        const dataset = await this.ports.store(job, result);
        await deleteGenerationJob(db);
        return { kind: "done", job, result, dataset };
      }
      if (live.stopAs === "cancel") {
        await deleteGenerationJob(db);
        return { kind: "cancelled" };
      }
      if (live.stopAs === "pause") return { kind: "paused", job: await saveGenerationJob(db, { ...job, status: "paused" }), result };
      return { kind: "interrupted", job };
    } catch (error) {
      // A generation that never got going is not worth resuming; one that did keeps its job, paused.
      if (fresh) await deleteGenerationJob(db);
      else await saveGenerationJob(db, { ...job, status: "paused" });
      return { kind: "failed", message: error instanceof Error ? error.message : String(error) };
    }
  }
}
