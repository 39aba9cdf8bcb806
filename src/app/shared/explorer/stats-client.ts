import type { ComparisonInput, MetricComparisonView } from "./comparison-model";
import { jobSize, runStatsJob } from "./stats-jobs";
import type { StatsJob, StatsOutcome, StatsReply, StatsRequest } from "./stats-protocol";
import type { IntervalInput, IntervalStats } from "./summary-model";

/** Below this many score values a job runs here: posting it would cost more than computing it. */
const WORKER_FROM_VALUES = 400;

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (outcome: StatsOutcome) => void; reject: (e: Error) => void }>();

function theWorker(): Worker | null {
  if (worker || typeof Worker === "undefined") return worker;
  worker = new Worker(new URL("./stats.worker.ts", import.meta.url), { type: "module" });
  worker.onmessage = (event: MessageEvent<StatsReply>) => {
    const reply = event.data;
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply);
    else waiting.reject(new Error(reply.message));
  };
  return worker;
}

/**
 * A statistics job: large ones in one shared module worker, small ones (and all where there is no
 * Worker, as in component tests) on this thread. Callers drop a stale answer themselves.
 */
function run(job: StatsJob): Promise<StatsOutcome> {
  const w = jobSize(job) >= WORKER_FROM_VALUES ? theWorker() : null;
  if (!w) return new Promise((resolve) => resolve(runStatsJob(job)));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, job } satisfies StatsRequest);
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
