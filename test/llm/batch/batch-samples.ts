import type { Sample } from "../../../src/engine";
import type { SampleResult } from "../../../src/engine/run/aggregate";

/** Samples in English and Chinese whose mock replies differ from one another. */
export function batchSamples(n: number): Sample[] {
  return Array.from({ length: n }, (_, i) => {
    const id = `s${String(i + 1).padStart(3, "0")}`;
    if (i % 4 === 3) {
      return {
        id,
        question: `第${i}号记录说了什么？`,
        answer: `第${i}号记录说这条河很长。它还说这条河很古老。`,
        contexts: [`第${i}号记录：这条河很长。`, "巴黎在法国。"],
        reference: `第${i}号记录说这条河很长。`,
      };
    }
    return {
      id,
      question: `What does record ${i} say about the river?`,
      answer: `Record ${i} says the river is long. It also says the river is ${i % 2 ? "old" : "green"}.`,
      contexts: [`Record ${i}: the river is long and the river is old.`, "Paris is in France. It has cafés."],
      ...(i % 5 === 4 ? {} : { reference: `Record ${i} says the river is long.` }),
    };
  });
}

/** Results without what differs between transports: timing, usage and attempts. */
export function withoutUsage(results: readonly Pick<SampleResult, "sampleId">[]): unknown {
  return JSON.parse(JSON.stringify(results, (key, value) => (["ms", "promptTokens", "completionTokens", "attempts"].includes(key) ? undefined : value)));
}

/**
 * As withoutUsage, each trace's calls in a fixed order and without `cached`: a metric whose steps
 * run side by side lists its calls in the order the sync server happened to answer them, and of
 * two metrics sharing a request, whichever asked first in the sync run holds the sent copy (the
 * other a cached one); a batch answers all at once, so the first in metric order holds it.
 */
export function withoutUsageOrSharing(results: readonly Pick<SampleResult, "sampleId">[]): unknown {
  return JSON.parse(JSON.stringify(withoutUsage(results)), (key, value) =>
    key === "calls" && Array.isArray(value) ? value.map((c) => JSON.stringify({ ...c, cached: undefined })).sort() : value,
  );
}
