import { MetricError, type CallRecord, type Embedder, type Judge, type JudgeRequest } from "../../src/engine";

type Reply = unknown | ((request: JudgeRequest<unknown>) => unknown);

/** A judge that answers from a script keyed by prompt id, and records every request it saw. */
export function scriptedJudge(
  replies: Record<string, Reply>,
  options: {
    delayMs?: number;
    /** Requests this says true for are held (recorded, in flight) until their run aborts them. */
    hold?: (request: JudgeRequest<unknown>) => boolean;
  } = {},
) {
  const requests: JudgeRequest<unknown>[] = [];
  let inFlight = 0;
  let peak = 0;
  const judge: Judge = {
    async complete<O>(request: JudgeRequest<O>) {
      requests.push(request as JudgeRequest<unknown>);
      inFlight++;
      peak = Math.max(peak, inFlight);
      try {
        if (options.hold?.(request as JudgeRequest<unknown>)) await aborted(request.signal);
        if (options.delayMs) await delay(options.delayMs, request.signal);
        const script = replies[request.promptId];
        if (script === undefined) throw new MetricError("llm_error", `no scripted reply for ${request.promptId}`);
        const raw = typeof script === "function" ? (script as (r: JudgeRequest<unknown>) => unknown)(request as JudgeRequest<unknown>) : script;
        const call: CallRecord = {
          kind: "chat",
          promptId: request.promptId,
          promptHash: request.promptHash,
          model: "fake",
          promptTokens: 10,
          completionTokens: 5,
          ms: 1,
          cached: false,
          attempts: 1,
        };
        const parsed = request.output.schema.safeParse(raw);
        if (!parsed.success) throw new MetricError("parse_error", parsed.error.issues[0]?.message ?? "invalid", [call]);
        return { value: parsed.data, calls: [call] };
      } finally {
        inFlight--;
      }
    },
  };
  return { judge, requests, peak: () => peak };
}

/** Embeds each text to a fixed vector from a table (unknown texts get [0, 0, 1]). */
export function tableEmbedder(table: Record<string, number[]>) {
  const batches: string[][] = [];
  const embedder: Embedder = {
    async embed(request) {
      batches.push(request.texts);
      return {
        vectors: request.texts.map((t) => table[t] ?? [0, 0, 1]),
        call: {
          kind: "embedding",
          promptId: request.promptId,
          promptHash: "",
          model: "fake-embed",
          promptTokens: request.texts.length,
          completionTokens: 0,
          ms: 1,
          cached: false,
          attempts: 1,
        },
      };
    },
  };
  return { embedder, batches };
}

/** Settles only when the signal aborts, as a cancelled request does. */
function aborted(signal?: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const cancel = () => reject(new MetricError("cancelled", "cancelled"));
    if (signal?.aborted) cancel();
    signal?.addEventListener("abort", cancel, { once: true });
  });
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(t);
      reject(new MetricError("cancelled", "cancelled"));
    });
  });
}
