import type { CallRecord } from "../result";
import { type Usage, usageOf } from "./aggregate";

/** One model's share of a run's spend: what the price table multiplies. */
export interface ModelSpend {
  requests: number;
  promptTokens: number;
  completionTokens: number;
}

/** A run's usage as the provider bills it, with each model's share so it can be priced later. */
export interface Spend extends Usage {
  byModel: Record<string, ModelSpend>;
}

/**
 * Tallies the requests of a run as they complete (the connection check's too). A reply served from
 * the response cache is counted as cached and costs nothing: its tokens were billed by the run
 * that first asked, so they are not counted again (as the score CLI bills a run).
 */
export class SpendMeter {
  private usage: Usage = usageOf([]);
  private readonly byModel: Record<string, ModelSpend> = {};

  add(calls: readonly CallRecord[]): void {
    for (const call of calls) {
      if (call.cached) {
        this.usage.cachedRequests++;
        continue;
      }
      const one = usageOf([call]);
      for (const key of ["requests", "chatRequests", "embeddingRequests", "promptTokens", "completionTokens"] as const) this.usage[key] += one[key];
      const model = this.byModel[call.model] ?? { requests: 0, promptTokens: 0, completionTokens: 0 };
      this.byModel[call.model] = model;
      model.requests += one.requests;
      model.promptTokens += one.promptTokens;
      model.completionTokens += one.completionTokens;
    }
  }

  /** A copy: later calls do not change what was read. */
  get spend(): Spend {
    return { ...this.usage, byModel: Object.fromEntries(Object.entries(this.byModel).map(([m, s]) => [m, { ...s }])) };
  }
}
