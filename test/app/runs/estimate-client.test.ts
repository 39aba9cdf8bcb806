import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { estimateInWorker } from "../../../src/app/runs/estimate-client";
import type { EstimateReply, EstimateRequest } from "../../../src/app/runs/estimate-protocol";
import type { Sample } from "../../../src/engine";

/**
 * The run form's estimate through its worker, in Node: the real client, the real worker module
 * (src/app/runs/estimate.worker.ts, loaded into a stand-in `self`), and between them a Worker
 * object that carries each message as the browser would (a structured clone, delivered later).
 * The estimate's own numbers are test/app/runs/estimate.test.ts; here: the protocol, the
 * superseding of a request by the next, and a failure's message.
 */

const samples: Sample[] = [
  { id: "a", question: "Who wrote it?", answer: "Ada wrote it.", contexts: ["Ada wrote the notes."], reference: "Ada." },
  { id: "b", question: "When?", answer: "In 1843.", contexts: ["The notes date from 1843."] },
];
const opts = { repeat: 3, concurrency: 2, hasEmbedder: true, model: "judge-x", prices: [{ model: "judge-x", input: 1, output: 4 }] };
const METRICS = ["faithfulness", "context_recall", "answer_relevancy"] as const;

/** What went each way, and the workers made. */
const posted: EstimateRequest[] = [];
const replies: EstimateReply[] = [];
const made: { url: string; options: WorkerOptions | undefined }[] = [];
/** The worker module's side: `self` as the worker sees it. */
const scope: { onmessage: ((event: { data: EstimateRequest }) => void) | null; postMessage(reply: EstimateReply): void } = {
  onmessage: null,
  postMessage: (reply) => {
    replies.push(reply);
    const copy = structuredClone(reply);
    setTimeout(() => fake?.onmessage?.({ data: copy } as MessageEvent<EstimateReply>), 0);
  },
};
let fake: FakeWorker | null = null;

class FakeWorker {
  onmessage: ((event: MessageEvent<EstimateReply>) => void) | null = null;
  constructor(url: URL | string, options?: WorkerOptions) {
    made.push({ url: String(url), options });
    fake = this;
  }
  postMessage(message: EstimateRequest): void {
    posted.push(message);
    const copy = structuredClone(message);
    setTimeout(() => scope.onmessage?.({ data: copy }), 0);
  }
}

describe("where there is no Worker (component tests)", () => {
  it("estimates on this thread: the same numbers as estimate.test.ts's first case, and nothing posted", async () => {
    const e = await estimateInWorker(samples, METRICS, opts);
    expect(e.requests).toBe((2 * 2 + 1 + 2 * 2) * 3);
    expect(e.completionTokens).toBe((2 * 2 + 1 + 2) * 3 * 150);
    expect(e.seconds).toBe(14 * 2);
    expect(made).toEqual([]);
  });
});

describe("through the estimate worker", () => {
  let direct: Awaited<ReturnType<typeof estimateInWorker>>;
  beforeAll(async () => {
    direct = await estimateInWorker(samples, METRICS, opts);
    vi.stubGlobal("self", scope);
    vi.stubGlobal("Worker", FakeWorker);
    await import("../../../src/app/runs/estimate.worker");
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it("posts {id, samples, metrics, opts} to one module worker and resolves with its estimate", async () => {
    const e = await estimateInWorker(samples, METRICS, opts);
    expect(e).toEqual(direct);
    expect(made).toHaveLength(1);
    expect(made[0]!.url).toMatch(/\/src\/app\/runs\/estimate\.worker\.ts$/);
    expect(made[0]!.options).toEqual({ type: "module" });
    expect(posted).toEqual([{ id: 1, samples, metrics: METRICS, opts }]);
    expect(replies).toEqual([{ id: 1, ok: true, estimate: direct }]);
  });

  it("a request superseded by the next never resolves; the next gets its own estimate from the same worker", async () => {
    let firstSettled = false;
    const settle = () => {
      firstSettled = true;
    };
    void estimateInWorker(samples, ["faithfulness"], opts).then(settle, settle);
    const second = await estimateInWorker(samples, ["context_recall"], { ...opts, repeat: 1 });
    // context_recall: one call, only for the sample with a reference.
    expect(second.requests).toBe(1);
    expect(posted.slice(-2).map((p) => [p.id, p.metrics])).toEqual([
      [2, ["faithfulness"]],
      [3, ["context_recall"]],
    ]);
    // The worker answered both; the client took only the latest.
    await vi.waitFor(() => expect(replies.map((r) => r.id)).toEqual([1, 2, 3]));
    // One turn of the event loop (setTimeout 0, no wall-clock wait): a stale reply the client
    // wrongly took would have settled the first promise in the turn it was delivered.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(replies[1]).toMatchObject({ id: 2, ok: true, estimate: { requests: 2 * 2 * 3 } });
    expect(firstSettled).toBe(false);
    expect(made).toHaveLength(1);
  });

  it("a failure in the worker comes back as {ok: false, message} and rejects with that message", async () => {
    await expect(estimateInWorker(samples, ["custom:nobody"], opts)).rejects.toThrow(/nobody/);
    const last = replies.at(-1)!;
    expect(last).toMatchObject({ id: 4, ok: false });
    expect(last.ok === false && last.message).toMatch(/nobody/);
  });
});
