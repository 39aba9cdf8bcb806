import "fake-indexeddb/auto";
import type { MetricTraces } from "../../../src/engine/metrics/registry";
import type { MetricResult } from "../../../src/engine/result";
import type { Sample } from "../../../src/engine/sample";
import { openAppDb, type AppDb } from "../../../src/storage/db";

let counter = 0;

/** A fresh database per test, so tests never see each other's rows. */
export function freshDb(): Promise<AppDb> {
  return openAppDb(`test-db-${Date.now()}-${counter++}`);
}

/**
 * Makes every put succeed and then abort its transaction with a QuotaExceededError, which is how
 * browsers report a full disk at commit time (the data is rolled back). Returns the undo.
 */
export function simulateQuotaExceeded(): () => void {
  const proto = IDBObjectStore.prototype as unknown as { put: (...args: unknown[]) => IDBRequest };
  const original = proto.put;
  proto.put = function (this: IDBObjectStore, ...args: unknown[]) {
    const request = original.apply(this, args);
    const tx = this.transaction as unknown as { _abort(name: string): void };
    request.addEventListener("success", () => tx._abort("QuotaExceededError"));
    return request;
  };
  return () => {
    proto.put = original;
  };
}

export const sample: Sample = {
  id: "s1",
  question: "Where is the Eiffel Tower?",
  answer: "The Eiffel Tower is in Paris.",
  contexts: ["The Eiffel Tower is a wrought-iron tower in Paris, France."],
  reference: "It stands in Paris.",
};

export function faithfulnessResult(score = 1): MetricResult<MetricTraces["faithfulness"]> {
  return {
    score,
    reason: "1 of 1 statements are supported by the contexts.",
    trace: {
      statements: [{ text: "The Eiffel Tower is in Paris.", verdict: 1, reason: "The context says so." }],
      calls: [
        {
          kind: "chat",
          promptId: "faithfulness.statements",
          promptHash: "abc",
          model: "m",
          promptTokens: 10,
          completionTokens: 5,
          ms: 3,
          cached: false,
          attempts: 1,
        },
      ],
    },
  };
}
