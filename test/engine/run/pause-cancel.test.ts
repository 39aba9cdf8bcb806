import { describe, expect, it } from "vitest";
import { countAborted, isFinished, type JudgeRequest, memoryJournal, runDataset, type Sample } from "../../../src/engine";
import { scriptedJudge } from "../fake-judge";

const samples: Sample[] = Array.from({ length: 12 }, (_, i) => ({
  id: `s${i}`,
  question: `Q${i}?`,
  answer: `Answer ${i} is short.`,
  contexts: [`Answer ${i} is short, says the context.`],
}));

const replies = {
  "faithfulness.statements": (r: JudgeRequest<unknown>) => ({ statements: [`statement of ${r.messages.at(-1)?.content.length}`] }),
  "faithfulness.verdicts": { verdicts: [{ statement: 1, reason: "said so", verdict: 1 }] },
};

const key = (r: JudgeRequest<unknown>) => `${r.promptId}|${r.messages.map((m) => m.content).join("\n")}`;

describe("pausing a run", () => {
  it("starts no new sample, lets started ones finish every request, and the resume sends nothing twice", async () => {
    const journal = memoryJournal();
    const first = scriptedJudge(replies, { delayMs: 5 });
    let paused = false;
    const out = await runDataset(samples, ["faithfulness"], { judge: first.judge, concurrency: 1 }, journal, {
      mayStart: () => !paused,
      onEntry: () => {
        paused = true;
      },
    });
    // concurrency 1 keeps 4 samples in flight; each finishes both of its requests.
    expect(journal.entries).toHaveLength(4);
    expect(out.complete).toBe(false);
    expect(first.requests).toHaveLength(8);
    expect(out.dropped.requests).toBe(0);
    for (const e of journal.entries) expect(isFinished(e, ["faithfulness"])).toBe(true);

    const second = scriptedJudge(replies);
    const done = await runDataset(samples, ["faithfulness"], { judge: second.judge, concurrency: 1 }, journal);
    expect(done.complete).toBe(true);
    const sent = [...first.requests, ...second.requests].map(key);
    expect(sent).toHaveLength(24);
    expect(new Set(sent).size).toBe(24);
    // Usage over the journal counts every request both sessions sent.
    expect(done.usage.requests).toBe(24);
  });
});

describe("cancelling a run", () => {
  it("aborts requests in flight; the dropped results' calls and the aborted requests are counted", async () => {
    const journal = memoryJournal();
    const fake = scriptedJudge(replies, { delayMs: 20 });
    const abort = new AbortController();
    const counted = countAborted(fake.judge, undefined);
    let finished = 0;
    const out = await runDataset(samples, ["faithfulness"], { judge: counted.judge, concurrency: 3 }, journal, {
      signal: abort.signal,
      onResult: () => {
        if (++finished === 2) abort.abort(new Error("cancelled by the user"));
      },
    });
    const aborted = counted.aborted();
    const journaledCalls = journal.entries.flatMap((e) => Object.values(e.metrics).flatMap((m) => m?.trace.calls ?? []));
    // Every request the judge saw is a journaled call, a dropped result's call, or an aborted one.
    expect(journaledCalls.length + out.dropped.requests + aborted.chat).toBe(fake.requests.length);
    expect(aborted.chat).toBeGreaterThan(0);
    expect(aborted.embedding).toBe(0);
    expect(out.complete).toBe(false);
  });

  it("does not count a request refused before it was sent", async () => {
    const fake = scriptedJudge(replies);
    const counted = countAborted(fake.judge, undefined);
    const abort = new AbortController();
    abort.abort();
    await expect(counted.judge!.complete({ promptId: "x", promptHash: "", messages: [], output: {} as never, signal: abort.signal })).rejects.toThrow();
    expect(counted.aborted().chat).toBe(0);
  });
});

describe("isFinished", () => {
  it("needs every metric of the run", () => {
    const partial = { sampleId: "s", repeat: 0, metrics: { faithfulness: { score: 1, trace: { calls: [] } } } };
    expect(isFinished(partial, ["faithfulness"])).toBe(true);
    expect(isFinished(partial, ["faithfulness", "context_recall"])).toBe(false);
    expect(isFinished(undefined, ["faithfulness"])).toBe(false);
  });
});
