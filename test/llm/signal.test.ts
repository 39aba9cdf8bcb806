import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { abortableSleep } from "../../src/llm/signal";

/**
 * Issue 27: the one abortable sleep the batch polls of the page and the CLI share. A run sleeps
 * dozens of times on one signal, so a sleep that wakes by its timer must take its listener off.
 */

const listeners = (signal: AbortSignal) => getEventListeners(signal, "abort").length;

describe("abortableSleep", () => {
  it("listens on the signal while it sleeps and leaves no listener behind once it wakes", async () => {
    const controller = new AbortController();
    const slept = abortableSleep(1, controller.signal);
    expect(listeners(controller.signal)).toBe(1);
    await expect(slept).resolves.toBeUndefined();
    expect(listeners(controller.signal)).toBe(0);
  });

  it("twenty sleeps in a row on one signal leave none", async () => {
    const controller = new AbortController();
    for (let i = 0; i < 20; i++) await abortableSleep(0, controller.signal);
    expect(listeners(controller.signal)).toBe(0);
  });

  it("rejects with an AbortError the moment the signal aborts, not when the timer would fire", async () => {
    const controller = new AbortController();
    // An hour: were the rejection to wait for the timer, the test would time out.
    const slept = abortableSleep(3_600_000, controller.signal);
    controller.abort(new Error("cancelled by the user"));
    await expect(slept).rejects.toMatchObject({ name: "AbortError", message: "aborted" });
    expect(listeners(controller.signal)).toBe(0);
  });

  it("rejects at once, adding no listener, when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const slept = abortableSleep(3_600_000, controller.signal);
    expect(listeners(controller.signal)).toBe(0);
    await expect(slept).rejects.toMatchObject({ name: "AbortError" });
  });

  it("sleeps without a signal", async () => {
    await expect(abortableSleep(1)).resolves.toBeUndefined();
  });
});
