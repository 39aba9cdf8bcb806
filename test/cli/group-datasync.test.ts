import { describe, expect, it } from "vitest";
import { groupCommit } from "../../src/cli/group-datasync";

/** A flush the test finishes by hand, recording when each one started. */
function manualFlush() {
  const started: number[] = [];
  const pending: (() => void)[] = [];
  let failNext = false;
  const flush = () =>
    new Promise<void>((resolve, reject) => {
      started.push(started.length + 1);
      const fail = failNext;
      failNext = false;
      pending.push(() => (fail ? reject(new Error("EIO")) : resolve()));
    });
  const finishOne = async () => {
    pending.shift()!();
    // One turn of the event loop (setTimeout 0, no wall-clock wait): the write's callbacks run within it.
    await new Promise((r) => setTimeout(r, 0));
  };
  return { flush, started, finishOne, failOnce: () => (failNext = true) };
}

describe("groupCommit", () => {
  it("callers during a running flush share one more flush, which starts only after the first ends", async () => {
    const disk = manualFlush();
    const sync = groupCommit(disk.flush);
    const settled: string[] = [];
    const first = sync().then(() => settled.push("first"));
    const later = Array.from({ length: 15 }, (_, i) => sync().then(() => settled.push(`later${i}`)));
    expect(disk.started).toEqual([1]);

    await disk.finishOne();
    // The first caller is on disk; the fifteen who wrote during that flush are not yet.
    expect(settled).toEqual(["first"]);
    expect(disk.started).toEqual([1, 2]);

    await disk.finishOne();
    await Promise.all([first, ...later]);
    expect(settled).toHaveLength(16);
    expect(disk.started, "16 writes, 2 flushes").toEqual([1, 2]);
  });

  it("a caller after everything settled starts a flush of its own", async () => {
    const disk = manualFlush();
    const sync = groupCommit(disk.flush);
    const a = sync();
    await disk.finishOne();
    await a;
    const b = sync();
    expect(disk.started).toEqual([1, 2]);
    await disk.finishOne();
    await b;
  });

  it("a failed flush fails its callers; the queued ones still get a flush of their own", async () => {
    const disk = manualFlush();
    const sync = groupCommit(disk.flush);
    disk.failOnce();
    const a = sync();
    const b = sync();
    await disk.finishOne();
    await expect(a).rejects.toThrow("EIO");
    await disk.finishOne();
    await expect(b).resolves.toBeUndefined();
    expect(disk.started).toEqual([1, 2]);
  });
});
