import { describe, expect, it } from "vitest";
import type { EmbedReply, Embedder, Judge, JudgeReply } from "../../../src/engine/ports";
import { type CallRecord, isMetricError } from "../../../src/engine/result";
import { pausablePorts } from "../../../src/engine/testset";

/** A judge whose every call waits until the test answers it, so "in flight" is exact. */
function heldPorts() {
  const waiting: { name: string; answer: () => void }[] = [];
  const hold = <T>(name: string, value: T) => new Promise<T>((resolve) => waiting.push({ name, answer: () => resolve(value) }));
  const judge: Judge = { complete: <O>(r: { promptId: string }) => hold<JudgeReply<O>>(r.promptId, { value: r.promptId as O, calls: [] }) };
  const call = (promptId: string): CallRecord => ({
    kind: "embedding",
    promptId,
    promptHash: "",
    model: "m",
    promptTokens: 0,
    completionTokens: 0,
    ms: 0,
    cached: false,
    attempts: 1,
  });
  const embedder: Embedder = { embed: (r) => hold<EmbedReply>(r.promptId, { vectors: r.texts.map(() => [1]), call: call(r.promptId) }) };
  return { judge, embedder, waiting };
}

const ask = (judge: Judge, promptId: string) => judge.complete({ promptId, promptHash: "h", messages: [], output: {} as never });

describe("pausablePorts", () => {
  it("after pause, a new request is refused as a cancellation; the ones in flight finish, and settled() waits for the last", async () => {
    const held = heldPorts();
    const ports = pausablePorts(held);
    const first = ask(ports.judge, "a");
    const second = ports.embedder.embed({ texts: ["x", "y"], promptId: "e" });
    expect(held.waiting.map((w) => w.name)).toEqual(["a", "e"]);
    ports.pause();
    expect(ports.paused).toBe(true);
    const refused = await ask(ports.judge, "b").catch((error: unknown) => error);
    expect(isMetricError(refused) && refused.code).toBe("cancelled");
    await expect(ports.embedder.embed({ texts: ["z"], promptId: "f" })).rejects.toMatchObject({ code: "cancelled" });
    // nothing new reached the ports below
    expect(held.waiting.map((w) => w.name)).toEqual(["a", "e"]);
    let settled = false;
    const done = ports.settled().then(() => {
      settled = true;
    });
    held.waiting[0]!.answer();
    expect((await first).value).toBe("a");
    expect(settled).toBe(false);
    held.waiting[1]!.answer();
    expect((await second).vectors).toEqual([[1], [1]]);
    await done;
    expect(settled).toBe(true);
  });

  it("settles at once with nothing in flight, and passes every request through until paused", async () => {
    const held = heldPorts();
    const ports = pausablePorts(held);
    await ports.settled();
    const reply = ask(ports.judge, "q");
    held.waiting[0]!.answer();
    expect(await reply).toEqual({ value: "q", calls: [] });
    expect(ports.paused).toBe(false);
  });
});
