import type { MetricId, Sample } from "../../engine";
import { estimateRun, type RunEstimate } from "./estimate";
import type { EstimateReply, EstimateRequest } from "./estimate-protocol";

/**
 * The run estimate, computed in one shared module worker. Each request supersedes the one before
 * (its promise never resolves), so typing in the form queues nothing. Where workers are missing
 * (component tests), it runs here.
 */
let worker: Worker | null = null;
let nextId = 1;
let pending: { id: number; resolve: (e: RunEstimate) => void; reject: (e: Error) => void } | null = null;

function theWorker(): Worker | null {
  if (worker || typeof Worker === "undefined") return worker;
  worker = new Worker(new URL("./estimate.worker.ts", import.meta.url), { type: "module" });
  worker.onmessage = (event: MessageEvent<EstimateReply>) => {
    const reply = event.data;
    if (!pending || pending.id !== reply.id) return;
    const { resolve, reject } = pending;
    pending = null;
    if (reply.ok) resolve(reply.estimate);
    else reject(new Error(reply.message));
  };
  return worker;
}

export function estimateInWorker(samples: readonly Sample[], metrics: readonly MetricId[], opts: EstimateRequest["opts"]): Promise<RunEstimate> {
  const w = theWorker();
  if (!w) return estimateRun(samples, metrics, opts);
  const id = nextId++;
  return new Promise<RunEstimate>((resolve, reject) => {
    pending = { id, resolve, reject };
    w.postMessage({ id, samples, metrics, opts } satisfies EstimateRequest);
  });
}
