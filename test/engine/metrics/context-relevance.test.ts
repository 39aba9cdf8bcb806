import { describe, expect, it } from "vitest";
import { callsPerSample, evaluate, recomputeScore, type JudgeRequest, type Sample } from "../../../src/engine";
import { sentenceWindows } from "../../../src/engine/metrics/context_relevance/windows";
import { seededRandom } from "../../mock/faults";
import { scriptedJudge } from "../fake-judge";
import { userText } from "./worked-judge";

/**
 * Context relevance numbers the sentences and asks for the needed numbers as an enum (contract 8);
 * an enum holds at most 500 members, so a sample with more sentences is asked about in windows.
 */

/** Sentence i of context c; every 7th one, and the first and last of each context, are "key". */
const isKey = (i: number, count: number) => i % 7 === 3 || i === 0 || i === count - 1;
const sentence = (c: number, i: number, count: number) => `Line ${i + 1} of part ${c + 1} is ${isKey(i, count) ? "key" : "filler"}.`;
const contextOf = (c: number, count: number) => Array.from({ length: count }, (_, i) => sentence(c, i, count)).join(" ");

function sampleWith(sizes: number[]): Sample {
  return { id: "long", question: "Which lines are key?", answer: "Some.", contexts: sizes.map((count, c) => contextOf(c, count)) };
}

/** The fake judge reads its numbered sentences and names the key ones: what a perfect judge would say. */
function keyJudge() {
  return scriptedJudge({
    "context_relevance.sentences": (r: JudgeRequest<unknown>) => ({
      needed: [...userText(r).matchAll(/^\[(\d+)\] .* is key\.$/gm)].map((m) => Number(m[1])),
    }),
  });
}

const enumOf = (request: JudgeRequest<unknown>) =>
  (request.output.jsonSchema as { properties: { needed: { items: { enum: number[] }; maxItems: number } } }).properties.needed;

describe("context relevance over more sentences than one enum holds", () => {
  it("3 contexts x 200 sentences: 2 calls cut at a context boundary (400 + 200), numbers mapped back, score from the trace", async () => {
    const sizes = [200, 200, 200];
    const sample = sampleWith(sizes);
    const { judge, requests } = keyJudge();
    const out = await evaluate([sample], ["context_relevance"], { judge, concurrency: 8 });
    const result = out.results[0]!.metrics.context_relevance!;

    expect(requests).toHaveLength(2);
    expect(callsPerSample("context_relevance", sample)).toEqual({ chat: 2, embedding: 0 });
    expect(requests.map((r) => enumOf(r).items.enum.length)).toEqual([400, 200]);
    for (const r of requests) {
      const { items, maxItems } = enumOf(r);
      expect(items.enum).toEqual(Array.from({ length: items.enum.length }, (_, i) => i + 1));
      expect(maxItems).toBe(items.enum.length);
    }
    // Each window is numbered from 1; the second starts with the third context's first sentence.
    expect(userText(requests[0]!)).toMatch(/Sentences:\n\[1\] Line 1 of part 1 is key\.\n\[2\] Line 2 of part 1 is filler\./);
    expect(userText(requests[1]!)).toMatch(/Sentences:\n\[1\] Line 1 of part 3 is key\.\n/);
    expect(userText(requests[1]!)).toMatch(/\n\[200\] Line 200 of part 3 is key\.$/);

    const trace = result.trace as unknown as { sentences: { text: string; context: number; relevant: number }[] };
    const expected = sizes.flatMap((count, c) =>
      Array.from({ length: count }, (_, i) => ({ text: sentence(c, i, count), context: c, relevant: isKey(i, count) ? 1 : 0 })),
    );
    expect(trace.sentences).toEqual(expected);
    const keys = expected.filter((s) => s.relevant === 1).length;
    // Per context: 29 sevenths (3, 10, ..., 199, the last one among them) and the first line.
    expect(keys).toBe(3 * 30);
    expect(result.score).toBe(keys / 600);
    expect(recomputeScore("context_relevance", result.trace).score).toBe(result.score);
    expect(result.reason).toBe(`${keys} of 600 sentences across 3 contexts are needed to answer the question.`);
  });

  it("one context of 1,200 sentences between two short ones: 3 calls, none over 500, every sentence judged once", async () => {
    const sizes = [50, 1200, 50];
    const sample = sampleWith(sizes);
    const { judge, requests } = keyJudge();
    const out = await evaluate([sample], ["context_relevance"], { judge, concurrency: 8 });
    const result = out.results[0]!.metrics.context_relevance!;
    expect(requests).toHaveLength(3);
    expect(callsPerSample("context_relevance", sample).chat).toBe(3);
    const sent = requests.map((r) => enumOf(r).items.enum.length);
    expect(Math.max(...sent)).toBeLessThanOrEqual(500);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1300);
    const trace = result.trace as unknown as { sentences: { context: number; relevant: number }[] };
    expect(trace.sentences.map((s) => s.context)).toEqual(sizes.flatMap((count, c) => Array<number>(count).fill(c)));
    const keys = sizes.reduce((sum, count) => sum + Array.from({ length: count }, (_, i) => isKey(i, count)).filter(Boolean).length, 0);
    expect(result.score).toBe(keys / 1300);
    expect(recomputeScore("context_relevance", result.trace).score).toBe(result.score);
  });

  it("500 sentences or fewer: the one call as before, numbered 1..n", async () => {
    const sample = sampleWith([300, 200]);
    const { judge, requests } = keyJudge();
    const out = await evaluate([sample], ["context_relevance"], { judge, concurrency: 8 });
    expect(requests).toHaveLength(1);
    expect(callsPerSample("context_relevance", sample).chat).toBe(1);
    expect(enumOf(requests[0]!).items.enum).toHaveLength(500);
    expect(userText(requests[0]!)).toMatch(/\n\[301\] Line 1 of part 2 is key\.\n/);
    // 43 sevenths, the first and the last line of part 1; 29 sevenths (the last among them) and the first of part 2.
    expect(out.results[0]!.metrics.context_relevance!.score).toBe((45 + 30) / 500);
  });
});

describe("sentenceWindows", () => {
  const layout = (sizes: number[]) => sizes.flatMap((count, c) => Array<number>(count).fill(c));
  const spans = (sizes: number[]) => sentenceWindows(layout(sizes)).map((w) => [w.start, w.end]);

  it("is one window up to 500 sentences, none for no sentences", () => {
    expect(spans([500])).toEqual([[0, 500]]);
    expect(spans([3, 4])).toEqual([[0, 7]]);
    expect(spans([])).toEqual([]);
  });

  it("keeps the fewest windows and cuts at the latest context boundary in reach", () => {
    expect(spans([200, 200, 200])).toEqual([
      [0, 400],
      [400, 600],
    ]);
    expect(spans([100, 450])).toEqual([
      [0, 100],
      [100, 550],
    ]);
    // No boundary between 400 and 500: the cut falls inside a context, as late as allowed.
    expect(spans([300, 300, 300])).toEqual([
      [0, 500],
      [500, 900],
    ]);
    expect(spans([501])).toEqual([
      [0, 500],
      [500, 501],
    ]);
  });

  it("over many layouts: contiguous, none empty or over 500, ceil(n / 500) windows", () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 300; trial++) {
      const sizes = Array.from({ length: 1 + Math.floor(random() * 8) }, () => 1 + Math.floor(random() * 700));
      const n = sizes.reduce((a, b) => a + b, 0);
      const windows = sentenceWindows(layout(sizes));
      expect(windows).toHaveLength(Math.ceil(n / 500));
      windows.forEach((w, k) => {
        expect(w.start).toBe(k === 0 ? 0 : windows[k - 1]!.end);
        expect(w.end - w.start).toBeGreaterThan(0);
        expect(w.end - w.start).toBeLessThanOrEqual(500);
      });
      expect(windows.at(-1)!.end).toBe(n);
    }
  });
});
