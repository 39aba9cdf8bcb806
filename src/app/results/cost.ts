import type { CallRecord } from "../../engine";
import { findPrice, type PriceRow } from "../settings/prices";

export interface CostEstimate {
  usd: number;
  /** Models that made paid calls but have no row in the price table. */
  unpriced: string[];
}

/** Cached calls cost nothing; every other call is priced by its own model's row. */
export function estimateCost(calls: readonly CallRecord[], prices: readonly PriceRow[]): CostEstimate {
  let usd = 0;
  const unpriced = new Set<string>();
  for (const call of calls) {
    if (call.cached) continue;
    const price = findPrice(prices, call.model);
    if (!price) {
      if (call.promptTokens + call.completionTokens > 0) unpriced.add(call.model || "?");
      continue;
    }
    usd += (call.promptTokens * price.input + call.completionTokens * price.output) / 1_000_000;
  }
  return { usd, unpriced: [...unpriced] };
}
