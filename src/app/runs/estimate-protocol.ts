import type { MetricId, Sample } from "../../engine";
import type { PriceRow } from "../../storage/prices";
import type { RunEstimate } from "./estimate";

/** Messages between the run form and the estimate worker. */
export interface EstimateRequest {
  id: number;
  samples: readonly Sample[];
  metrics: readonly MetricId[];
  opts: { repeat: number; concurrency: number; hasEmbedder: boolean; model: string; prices: readonly PriceRow[] };
}

export type EstimateReply = { id: number; ok: true; estimate: RunEstimate } | { id: number; ok: false; message: string };
