import { describe, expect, it } from "vitest";
import { Limiter } from "../../../src/engine/run/limiter";

/** One turn of the event loop (setTimeout 0, no wall-clock wait): the limiter's promise chains settle within it. */
const tick = () => new Promise((r) => setTimeout(r, 0));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("Limiter", () => {
  it("runs at most `limit` tasks at once and queues the rest in order", async () => {
    const limiter = new Limiter(2);
    const order: number[] = [];
    const gates = [0, 1, 2, 3].map(() => deferred());
    const runs = gates.map((g, i) =>
      limiter.run(async () => {
        order.push(i);
        await g.promise;
      }),
    );
    await tick();
    expect(order).toEqual([0, 1]);
    expect(limiter.inFlight).toBe(2);
    gates[0]!.resolve();
    await tick();
    expect(order).toEqual([0, 1, 2]);
    for (const g of gates) g.resolve();
    await Promise.all(runs);
    expect(limiter.peak).toBe(2);
  });

  it("halves once per window on 429, never below a quarter, and grows back with successes", async () => {
    const limiter = new Limiter(16);
    limiter.shrink();
    expect(limiter.limit).toBe(8);
    limiter.shrink(); // same window: requests already in flight at the old rate
    expect(limiter.limit).toBe(8);
    for (let i = 0; i < 8; i++) await limiter.run(async () => undefined);
    expect(limiter.limit).toBe(9); // a window of successes earned one slot back
    limiter.shrink();
    expect(limiter.limit).toBe(4);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 16; i++) await limiter.run(async () => undefined);
      limiter.shrink();
    }
    expect(limiter.limit).toBe(4);
    for (let i = 0; i < 200; i++) await limiter.run(async () => undefined);
    expect(limiter.limit).toBe(16);
  });

  it("rejects a queued task when its signal aborts, without taking a slot", async () => {
    const limiter = new Limiter(1);
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const controller = new AbortController();
    const second = limiter.run(async () => "ran", controller.signal);
    controller.abort(new Error("stop"));
    await expect(second).rejects.toThrow("stop");
    gate.resolve();
    await first;
    expect(limiter.inFlight).toBe(0);
  });
});

describe("Limiter priorities", () => {
  it("starts higher-priority queued tasks first, ties in arrival order", async () => {
    const limiter = new Limiter(1);
    const gate = deferred();
    const order: string[] = [];
    const first = limiter.run(() => gate.promise);
    const runs = [
      limiter.run(async () => void order.push("a0"), undefined, 0),
      limiter.run(async () => void order.push("b1"), undefined, 1),
      limiter.run(async () => void order.push("c0"), undefined, 0),
      limiter.run(async () => void order.push("d2"), undefined, 2),
      limiter.run(async () => void order.push("e1"), undefined, 1),
    ];
    gate.resolve();
    await Promise.all([first, ...runs]);
    expect(order).toEqual(["d2", "b1", "e1", "a0", "c0"]);
  });
});
