import { comparisonOf } from "./comparison-model";
import type { StatsJob, StatsOutcome } from "./stats-protocol";
import { intervalStatsOf } from "./summary-model";

/** Runs one statistics job (in the worker, or on this thread for a small one). */
export function runStatsJob(job: StatsJob): StatsOutcome {
  return job.kind === "intervals" ? { kind: "intervals", result: intervalStatsOf(job.inputs) } : { kind: "compare", result: comparisonOf(job.input) };
}

/**
 * How much resampling a job costs, in score values: bootstrap and sign flips touch every value
 * thousands of times, so above a few hundred values the work leaves the main thread.
 */
export function jobSize(job: StatsJob): number {
  if (job.kind === "intervals") return job.inputs.reduce((n, i) => n + i.scores.length, 0);
  let n = 0;
  for (const scores of job.input.base.values()) n += scores.size;
  return n;
}
