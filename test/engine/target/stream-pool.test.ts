import { describe, expect, it } from "vitest";
import { answerAll } from "../../../src/engine/target/answer-all";
import type { TargetOutcome, TargetPort } from "../../../src/engine/target/outcome";
import { jsonLineEvents, sseEvents } from "../../../src/engine/target/stream-events";

describe("stream events", () => {
  it("reads server-sent events as the WHATWG spec does: names, multi-line data, comments, CRLF, [DONE], a last event without its blank line", () => {
    const text = ': keep-alive\r\ndata: {"delta":"Hel"}\r\n\r\nevent: sources\ndata: {"sources":\ndata: []}\nid: 7\n\ndata:lo\n\ndata: [DONE]\n\ndata: tail';
    expect(sseEvents(text)).toEqual([
      { name: "message", data: '{"delta":"Hel"}' },
      { name: "sources", data: '{"sources":\n[]}' },
      { name: "message", data: "lo" },
      { name: "message", data: "tail" },
    ]);
  });

  it("reads JSON lines, skipping blank lines and [DONE]", () => {
    expect(jsonLineEvents('{"a":1}\n\n  {"b":2}  \r\n[DONE]\n')).toEqual([
      { name: "message", data: '{"a":1}' },
      { name: "message", data: '{"b":2}' },
    ]);
  });
});

/** A target whose replies the test releases one by one, recording how many asks are in flight. */
function heldTarget() {
  const pending: { question: string; release: () => void }[] = [];
  let inFlight = 0;
  let peak = 0;
  const port: TargetPort = {
    ask: ({ question }) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      return new Promise<TargetOutcome>((resolve) => {
        pending.push({
          question,
          release: () => {
            inFlight--;
            resolve({ answer: `A:${question}`, contexts: [], status: 200, ms: 1, attempts: 1 });
          },
        });
      });
    },
  };
  return { port, pending, peak: () => peak };
}

describe("answerAll", () => {
  it("keeps at most `concurrency` asks in flight, skips what isDone says is answered, and reports each outcome as it lands", async () => {
    const held = heldTarget();
    const seen: string[] = [];
    const items = ["q0", "q1", "q2", "q3", "q4", "q5"];
    const run = answerAll(items, (question) => ({ question }), held.port, {
      concurrency: 2,
      isDone: (q) => q === "q1",
      onOutcome: (q, o) => void seen.push(`${q}=${"answer" in o ? o.answer : "?"}`),
    });
    for (let released = 0; released < 5; released++) {
      await expect.poll(() => held.pending.length).toBeGreaterThan(released);
      held.pending[released]!.release();
    }
    const outcomes = await run;
    expect(held.peak()).toBe(2);
    expect(held.pending.map((p) => p.question)).toEqual(["q0", "q2", "q3", "q4", "q5"]);
    expect(seen).toEqual(["q0=A:q0", "q2=A:q2", "q3=A:q3", "q4=A:q4", "q5=A:q5"]);
    expect([...outcomes.keys()].sort()).toEqual([0, 2, 3, 4, 5]);
  });

  it("pause (mayStart false) lets the asks in flight finish and starts no other; a second call resumes with the rest", async () => {
    const held = heldTarget();
    let paused = false;
    const items = ["a", "b", "c", "d", "e"];
    const done = new Set<string>();
    const options = { concurrency: 2, mayStart: () => !paused, isDone: (q: string) => done.has(q), onOutcome: (q: string) => void done.add(q) };
    const first = answerAll(items, (question) => ({ question }), held.port, options);
    await expect.poll(() => held.pending.length).toBe(2);
    paused = true;
    held.pending[0]!.release();
    held.pending[1]!.release();
    expect([...(await first).keys()]).toEqual([0, 1]);
    expect(held.pending).toHaveLength(2);
    paused = false;
    const second = answerAll(items, (question) => ({ question }), held.port, options);
    for (let i = 2; i < 5; i++) {
      await expect.poll(() => held.pending.length).toBeGreaterThan(i);
      held.pending[i]!.release();
    }
    expect([...(await second).keys()].sort()).toEqual([2, 3, 4]);
    expect(held.pending.map((p) => p.question)).toEqual(items);
  });

  it("a cancelled signal asks nothing more and leaves the unfinished out", async () => {
    const held = heldTarget();
    const controller = new AbortController();
    const run = answerAll(["a", "b", "c", "d"], (question) => ({ question }), held.port, { concurrency: 2, signal: controller.signal });
    await expect.poll(() => held.pending.length).toBe(2);
    held.pending[0]!.release();
    await expect.poll(() => held.pending.length).toBe(3);
    controller.abort();
    held.pending[1]!.release();
    held.pending[2]!.release();
    const outcomes = await run;
    expect([...outcomes.keys()]).toEqual([0]);
    expect(held.pending.map((p) => p.question)).toEqual(["a", "b", "c"]);
  });
});
