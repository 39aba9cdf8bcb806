import type { AnyMetricId, CustomJudge, MetricOptions, Sample } from "../../engine";
import type { PriceRow } from "../../storage/prices";
import type { RunEstimate } from "./estimate";

/** Messages between the run form and the estimate worker. */
export interface EstimateRequest {
  id: number;
  samples: readonly Sample[];
  metrics: readonly AnyMetricId[];
  opts: {
    repeat: number;
    concurrency: number;
    hasEmbedder: boolean;
    model: string;
    prices: readonly PriceRow[];
    metricOptions?: Partial<Record<AnyMetricId, MetricOptions>>;
    customJudges?: readonly CustomJudge[];
  };
}

export type EstimateReply = { id: number; ok: true; estimate: RunEstimate } | { id: number; ok: false; message: string };
