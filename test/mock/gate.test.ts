import { describe, expect, it } from "vitest";
import { createGate } from "./gate";

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe("the mock's gate", () => {
  it("passes everything while open; once held, parks requests and lets through exactly as many as allowed, in arrival order", async () => {
    const gate = createGate();
    expect(await settled(gate.pass(new AbortController().signal))).toBe(true);
    gate.hold();
    const order: number[] = [];
    const waits = [1, 2, 3].map((i) => gate.pass(new AbortController().signal).then(() => order.push(i)));
    expect(gate.parked).toBe(3);
    gate.allow(2);
    await Promise.all(waits.slice(0, 2));
    expect(order).toEqual([1, 2]);
    expect(gate.parked).toBe(1);
    gate.allow(1);
    expect(gate.parked).toBe(0);
    expect(await settled(gate.pass(new AbortController().signal))).toBe(false);
    gate.release();
    await Promise.all(waits);
    expect(order).toEqual([1, 2, 3]);
    expect(gate.parked).toBe(0);
  });

  it("an allowance given before requests arrive is spent by the next ones; a request whose client leaves stops waiting", async () => {
    const gate = createGate();
    gate.hold();
    gate.allow(1);
    expect(await settled(gate.pass(new AbortController().signal))).toBe(true);
    const gone = new AbortController();
    const leaving = gate.pass(gone.signal);
    expect(gate.parked).toBe(1);
    gone.abort();
    expect(await settled(leaving)).toBe(true);
    expect(gate.parked).toBe(0);
  });
});
