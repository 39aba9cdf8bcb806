import { describe, expect, it } from "vitest";
import { type JudgeRequest, MetricError, memoryJournal, retryFailed, runDataset, type Sample } from "../../../src/engine";
import { scriptedJudge } from "../fake-judge";

/** Which sample a request is for: every prompt's user message quotes the sample's answer or reference. */
function sampleOf(request: JudgeRequest<unknown>): string {
  const text = request.messages.map((m) => m.content).join("\n");
  const hit = ["alpha", "beta", "gamma", "delta"].find((name) => text.includes(`${name} answer`) || text.includes(`${name} reference`));
  return hit ?? "?";
}

const samples: Sample[] = ["alpha", "beta", "gamma", "delta"].map((name) => ({
  id: name,
  question: `What about ${name}?`,
  answer: `The ${name} answer is short.`,
  contexts: [`The ${name} answer is short, says the context.`],
  ...(name === "gamma" ? {} : { reference: `The ${name} reference is short.` }),
}));

const METRICS = ["faithfulness", "context_recall"] as const;

/** Faithfulness: one statement, supported; delta's answer yields none (a legitimate null). */
function replies(options: { failBetaOnce?: boolean; verdict?: () => 0 | 1 } = {}) {
  let betaFailed = false;
  return {
    "faithfulness.statements": (r: JudgeRequest<unknown>) => {
      const who = sampleOf(r);
      if (who === "beta" && options.failBetaOnce && !betaFailed) {
        betaFailed = true;
        throw new MetricError("llm_error", "503 from the server");
      }
      return { statements: who === "delta" ? [] : [`The ${who} answer is short.`] };
    },
    "faithfulness.verdicts": () => ({ verdicts: [{ statement: 1, reason: "said so", verdict: options.verdict?.() ?? 1 }] }),
    "context_recall.statements": () => ({ statements: [{ statement: "It is short.", reason: "context says so", attributed: 1 }] }),
  };
}

function countBySample(requests: JudgeRequest<unknown>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of requests) counts[sampleOf(r)] = (counts[sampleOf(r)] ?? 0) + 1;
  return counts;
}

const scores = (out: Awaited<ReturnType<typeof runDataset>>) =>
  out.results.map((r) => [r.sampleId, r.metrics.faithfulness?.score, r.metrics.context_recall?.score]);

describe("runDataset", () => {
  it("journals one entry per finished sample and scores like evaluate", async () => {
    const { judge, requests } = scriptedJudge(replies());
    const journal = memoryJournal();
    const out = await runDataset(samples, METRICS, { judge, concurrency: 2 }, journal);
    expect(journal.entries.map((e) => e.sampleId).sort()).toEqual(["alpha", "beta", "delta", "gamma"]);
    expect(scores(out)).toEqual([
      ["alpha", 1, 1],
      ["beta", 1, 1],
      ["gamma", 1, null],
      ["delta", null, 1],
    ]);
    expect(out.results[2]!.metrics.context_recall!.error!.code).toBe("missing_input");
    expect(out.results[3]!.metrics.faithfulness!.error!.code).toBe("no_statements");
    // alpha, beta: 2 faithfulness calls + 1 recall call; gamma: no recall (no reference); delta: no verdicts.
    expect(countBySample(requests)).toEqual({ alpha: 3, beta: 3, gamma: 2, delta: 2 });
    expect(out).toMatchObject({ requested: 4, skipped: 0, complete: true });
    expect(out.summary.metrics.faithfulness).toMatchObject({ mean: 1, count: 3, nullCount: 1, nullCodes: { no_statements: 1 } });
    expect(out.usage.requests).toBe(10);
  });

  it("resumes: finished samples make no request, and the result equals an uninterrupted run", async () => {
    const reference = scriptedJudge(replies());
    const full = await runDataset(samples, METRICS, { judge: reference.judge, concurrency: 2 }, memoryJournal());
    const journal = memoryJournal();
    const abort = new AbortController();
    const first = scriptedJudge(replies(), { delayMs: 5 });
    // Cancel as soon as the first sample is durable.
    const partial = await runDataset(samples, METRICS, { judge: first.judge, concurrency: 1 }, journal, {
      signal: abort.signal,
      onEntry: () => abort.abort(),
    });
    expect(partial.complete).toBe(false);
    // The partial output has a result for every pair: the unfinished ones are cancelled nulls,
    // and those never reach the journal.
    const cancelled = partial.runs.flatMap((r) => Object.values(r[0]!)).filter((m) => m!.error?.code === "cancelled");
    expect(cancelled.length).toBeGreaterThan(0);
    const journaled = journal.entries.flatMap((e) => Object.entries(e.metrics).map(([id, m]) => ({ key: `${e.sampleId}/${id}`, code: m!.error?.code })));
    expect(journaled.map((j) => j.code)).not.toContain("cancelled");
    const finished = new Set(journaled.map((j) => j.key));
    expect(finished.size).toBeGreaterThan(0);
    expect(finished.size).toBeLessThan(8);

    const second = scriptedJudge(replies());
    const resumed = await runDataset(samples, METRICS, { judge: second.judge, concurrency: 2 }, journal);
    // Exactly the requests of the uninterrupted run that belong to unfinished (sample, metric) pairs.
    const key = (r: JudgeRequest<unknown>) => `${sampleOf(r)}/${r.promptId.split(".")[0]}`;
    const expected = reference.requests.filter((r) => !finished.has(key(r))).map((r) => `${key(r)}:${r.promptId}`);
    expect(second.requests.map((r) => `${key(r)}:${r.promptId}`).sort()).toEqual(expected.sort());
    expect(second.requests.some((r) => finished.has(key(r)))).toBe(false);
    expect(resumed.complete).toBe(true);
    expect(scores(resumed)).toEqual(scores(full));
    expect(resumed.summary).toEqual(full.summary);
    // usage covers every call of the run, the ones made before the interruption too.
    expect(resumed.usage.requests).toBe(full.usage.requests);

    // Nothing left: a third call makes no request at all.
    const third = scriptedJudge(replies());
    const again = await runDataset(samples, METRICS, { judge: third.judge, concurrency: 2 }, journal);
    expect(third.requests).toHaveLength(0);
    expect(again).toMatchObject({ requested: 0, skipped: 4, complete: true });
  });

  it("retry failed re-runs only error nulls, never no_statements or missing_input", async () => {
    const journal = memoryJournal();
    const out = await runDataset(samples, METRICS, { judge: scriptedJudge(replies({ failBetaOnce: true })).judge, concurrency: 2 }, journal);
    expect(out.results[1]!.metrics.faithfulness!.error!.code).toBe("llm_error");
    expect(out.results[1]!.metrics.context_recall!.score).toBe(1);

    const retry = scriptedJudge(replies());
    const fixed = await runDataset(samples, METRICS, { judge: retry.judge, concurrency: 2 }, journal, { redo: retryFailed });
    // beta's faithfulness: statements + verdicts. Not its recall, not gamma's or delta's nulls.
    expect(countBySample(retry.requests)).toEqual({ beta: 2 });
    expect(retry.requests.map((r) => r.promptId).sort()).toEqual(["faithfulness.statements", "faithfulness.verdicts"]);
    expect(fixed.results[1]!.metrics.faithfulness!.score).toBe(1);
    expect(fixed.results[2]!.metrics.context_recall!.error!.code).toBe("missing_input");
    expect(fixed.results[3]!.metrics.faithfulness!.error!.code).toBe("no_statements");
    // The retried entry keeps the recall result it already had.
    expect(journal.entries.at(-1)).toMatchObject({ sampleId: "beta", repeat: 0 });
    expect(Object.keys(journal.entries.at(-1)!.metrics)).toEqual(["faithfulness", "context_recall"]);
  });

  it("repeat-n scores each sample n times with per-sample and per-metric mean and std", async () => {
    // The judge's verdicts alternate 1, 0, 1, 0, ...: a noisy judge.
    let call = 0;
    const { judge, requests } = scriptedJudge(replies({ verdict: () => (call++ % 2 === 0 ? 1 : 0) }));
    const two = samples.slice(0, 2);
    const journal = memoryJournal();
    const out = await runDataset(two, ["faithfulness"], { judge, concurrency: 1, repeat: 3 }, journal);
    expect(journal.entries).toHaveLength(6);
    expect(requests).toHaveLength(12);
    expect(out.runs.map((repeats) => repeats.map((r) => r.faithfulness!.score))).toEqual([
      [1, 0, 1],
      [0, 1, 0],
    ]);
    expect(out.stats[0]!.faithfulness).toMatchObject({ mean: 2 / 3, n: 3, nullCount: 0 });
    expect(out.stats[0]!.faithfulness!.std).toBeCloseTo(Math.sqrt(1 / 3), 12);
    expect(out.stats[1]!.faithfulness!.mean).toBeCloseTo(1 / 3, 12);
    const summary = out.summary.metrics.faithfulness!;
    expect(summary.mean).toBeCloseTo(0.5, 12);
    expect(summary.count).toBe(2);
    // Across samples: the means 2/3 and 1/3 differ by 1/3, so their std is (1/3)/sqrt(2).
    expect(summary.std).toBeCloseTo(1 / 3 / Math.SQRT2, 12);
    expect(summary.repeatStd).toBeCloseTo(Math.sqrt(1 / 3), 12);

    // Raising the repeat later runs only the new repeats.
    const more = scriptedJudge(replies());
    const four = await runDataset(two, ["faithfulness"], { judge: more.judge, concurrency: 1, repeat: 4 }, journal);
    expect(more.requests).toHaveLength(4);
    expect(four.runs[0]!.map((r) => r.faithfulness!.score)).toEqual([1, 0, 1, 1]);
  });

  it("refuses duplicate sample ids (the journal is keyed by id)", async () => {
    const { judge } = scriptedJudge(replies());
    await expect(runDataset([samples[0]!, samples[0]!], METRICS, { judge, concurrency: 1 }, memoryJournal())).rejects.toThrow(/"alpha" appears twice/);
  });
});
