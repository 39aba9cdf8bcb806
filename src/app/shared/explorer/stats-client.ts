import type { ComparisonInput, MetricComparisonView } from "./comparison-model";
import { jobSize, runStatsJob } from "./stats-jobs";
import type { StatsJob, StatsOutcome, StatsReply, StatsRequest } from "./stats-protocol";
import type { IntervalInput, IntervalStats } from "./summary-model";

/** Below this many score values a job runs here: posting it would cost more than computing it. */
const WORKER_FROM_VALUES = 400;

interface Lane {
  worker: Worker;
  pending: { id: number; resolve: (outcome: StatsOutcome) => void; reject: (e: Error) => void } | null;
}

/** One worker per kind of job, so a summary's intervals never wait behind a comparison. */
const lanes = new Map<StatsJob["kind"], Lane>();
let nextId = 1;

function startLane(kind: StatsJob["kind"]): Lane {
  const lane: Lane = { worker: new Worker(new URL("./stats.worker.ts", import.meta.url), { type: "module" }), pending: null };
  lane.worker.onmessage = (event: MessageEvent<StatsReply>) => {
    const reply = event.data;
    const waiting = lane.pending;
    if (!waiting || waiting.id !== reply.id) return;
    lane.pending = null;
    if (reply.ok) waiting.resolve(reply);
    else waiting.reject(new Error(reply.message));
  };
  lanes.set(kind, lane);
  return lane;
}

/**
 * A statistics job: large ones in a module worker, small ones (and all where there is no Worker, as
 * in component tests) on this thread. A new job of a kind supersedes the one still running: that
 * worker is terminated (10,000 pairs take seconds of sign flips; typing a minimum effect must not
 * queue them) and its promise rejects; callers drop a stale answer themselves.
 */
function run(job: StatsJob): Promise<StatsOutcome> {
  if (jobSize(job) < WORKER_FROM_VALUES || typeof Worker === "undefined") return new Promise((resolve) => resolve(runStatsJob(job)));
  let lane = lanes.get(job.kind);
  if (lane?.pending) {
    lane.worker.terminate();
    lane.pending.reject(new Error("superseded by a newer job"));
    lane = undefined;
  }
  const current = lane ?? startLane(job.kind);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    current.pending = { id, resolve, reject };
    current.worker.postMessage({ id, job } satisfies StatsRequest);
  });
}

export async function intervalsInWorker(inputs: IntervalInput[]): Promise<Record<string, IntervalStats>> {
  const outcome = await run({ kind: "intervals", inputs });
  if (outcome.kind !== "intervals") throw new Error("the statistics worker answered another job");
  return outcome.result;
}

export async function compareInWorker(input: ComparisonInput): Promise<MetricComparisonView[]> {
  const outcome = await run({ kind: "compare", input });
  if (outcome.kind !== "compare") throw new Error("the statistics worker answered another job");
  return outcome.result;
}
