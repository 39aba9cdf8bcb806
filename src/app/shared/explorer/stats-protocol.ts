import type { ComparisonInput, MetricComparisonView } from "./comparison-model";
import type { IntervalInput, IntervalStats } from "./summary-model";

/** Messages between the explorer and the statistics worker: numbers in, numbers out (no traces). */
export type StatsJob = { kind: "intervals"; inputs: IntervalInput[] } | { kind: "compare"; input: ComparisonInput };

export type StatsOutcome = { kind: "intervals"; result: Record<string, IntervalStats> } | { kind: "compare"; result: MetricComparisonView[] };

export interface StatsRequest {
  id: number;
  job: StatsJob;
}

export type StatsReply = ({ id: number; ok: true } & StatsOutcome) | { id: number; ok: false; message: string };
