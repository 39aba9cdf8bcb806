import type { CallRecord } from "../result";
import type { GenerationUsage } from "./types";

/** The live meter: every completed request (a cached one is free and counted apart). */
export interface UsageMeter {
  spend: (calls: readonly CallRecord[]) => void;
  usage: () => GenerationUsage;
}

function emptyUsage(): GenerationUsage {
  return { chatRequests: 0, embeddingRequests: 0, promptTokens: 0, completionTokens: 0, cachedRequests: 0 };
}

export function usageMeter(onSpend?: (calls: readonly CallRecord[]) => void): UsageMeter {
  const total = emptyUsage();
  return {
    spend(calls) {
      for (const call of calls) {
        if (call.cached) {
          total.cachedRequests++;
          continue;
        }
        if (call.kind === "chat") total.chatRequests++;
        else total.embeddingRequests++;
        total.promptTokens += call.promptTokens;
        total.completionTokens += call.completionTokens;
      }
      onSpend?.(calls);
    },
    usage: () => ({ ...total }),
  };
}
