import { callsPerSample, getMetric, missingInput, type AnyMetricId, type CustomJudge, type MetricOptions, type Sample } from "../../engine";
import { BATCH_WINDOW, batchRoundsFor } from "../../engine/run/batch-plan";
import { estimateTokens } from "../../llm/tokens";
import { findPrice, type PriceRow, unitPrices } from "../../storage/prices";
import type { RunsMessages } from "./messages";

/**
 * What a run will cost before it starts: requests (per metric, from how each metric calls the
 * judge, callsPerSample: options and custom judges' k votes included), tokens (counted with gpt-tokenizer, loaded lazily so it stays out of the main bundle),
 * cost (the Settings price table) and time at the chosen concurrency. An estimate: replies vary.
 * It runs in a worker (estimate-client.ts), and a text longer than EXACT_LIMIT is approximated
 * (about 4 characters a token, a CJK character one): gpt-tokenizer's merges are quadratic on a
 * long unbroken run, so a 1 MiB cell would keep it busy for minutes.
 */
const EXACT_LIMIT = 8_000;

/** Completion tokens per chat call, a typical judge reply's size. */
const REPLY_TOKENS = 150;
/** Seconds per request assumed for the duration (a hosted judge's typical reply time). */
export const ASSUMED_SECONDS_PER_REQUEST = 2;

export interface RunEstimate {
  requests: number;
  promptTokens: number;
  completionTokens: number;
  usd: number | null;
  unpriced: string[];
  seconds: number;
  /** The same run by the provider's Batch API: batch prices, rounds one after another, each within the window. */
  batch: { usd: number | null; rounds: number; window: string };
}

export async function estimateRun(
  samples: readonly Sample[],
  metricIds: readonly AnyMetricId[],
  opts: {
    repeat: number;
    concurrency: number;
    hasEmbedder: boolean;
    model: string;
    prices: readonly PriceRow[];
    metricOptions?: Partial<Record<AnyMetricId, MetricOptions>>;
    customJudges?: readonly CustomJudge[];
  },
): Promise<RunEstimate> {
  const { encode } = await import("gpt-tokenizer");
  const count = (text: string) => (text.length > EXACT_LIMIT ? estimateTokens(text) : encode(text).length);
  const judges = opts.customJudges ?? [];
  const metric = (id: AnyMetricId) => getMetric(id, judges);
  // Prompt text sent with every call of a metric: its prompts' mean size (one call may use one of several).
  const fixed = Object.fromEntries(
    metricIds.map((id) => {
      const prompts = metric(id).prompts;
      const total = prompts.reduce((sum, p) => sum + count(`${p.instruction}\n${JSON.stringify(p.examples)}`), 0);
      return [id, prompts.length ? total / prompts.length : 0];
    }),
  ) as Record<AnyMetricId, number>;
  let chat = 0;
  let embeddings = 0;
  let promptTokens = 0;
  for (const sample of samples) {
    const fields = [sample.question, sample.answer, ...sample.contexts, sample.reference ?? "", ...conversationText(sample)];
    const text = fields.reduce((n, field) => n + count(field), 0) + fields.length - 1;
    for (const id of metricIds) {
      if (missingInput(metric(id), sample, opts.hasEmbedder)) continue;
      const calls = callsPerSample(id, sample, opts.metricOptions?.[id] ?? {}, judges);
      chat += calls.chat;
      // Each call is counted with the whole sample's text: an overestimate where a metric splits the
      // text over its calls (context relevance's windows past 500 sentences, perContextCalls).
      promptTokens += calls.chat * ((fixed[id] ?? 0) + text);
      embeddings += calls.embedding;
    }
  }
  const requests = (chat + embeddings) * opts.repeat;
  promptTokens = Math.round(promptTokens * opts.repeat);
  const completionTokens = chat * opts.repeat * REPLY_TOKENS;
  const price = findPrice(opts.prices, opts.model);
  const costAt = (batch: boolean) => {
    if (!price) return null;
    const unit = unitPrices(price, batch);
    return (promptTokens * unit.input + completionTokens * unit.output) / 1_000_000;
  };
  return {
    requests,
    promptTokens,
    completionTokens,
    usd: costAt(false),
    unpriced: price ? [] : [opts.model],
    seconds: Math.ceil(requests / Math.max(1, opts.concurrency)) * ASSUMED_SECONDS_PER_REQUEST,
    batch: { usd: costAt(true), rounds: batchRoundsFor(metricIds), window: BATCH_WINDOW },
  };
}

export function formatDuration(seconds: number, t: Pick<RunsMessages, "durationS" | "durationMinS" | "durationHMin">): string {
  if (!Number.isFinite(seconds)) return "–";
  const s = Math.round(seconds);
  if (s < 60) return t.durationS(s);
  const m = Math.floor(s / 60);
  if (m < 60) return t.durationMinS(m, s % 60);
  return t.durationHMin(Math.floor(m / 60), m % 60);
}

export function formatUsd(usd: number | null): string {
  if (usd === null) return "–";
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/**
 * A conversation's text as the judges are sent it (contract 16): each turn with its tool calls, and
 * the reference tool calls; a sample without turns adds nothing. Request counts need none of it:
 * each metric's `calls(sample)` already counts per turn (conversation faithfulness: two per spoken
 * assistant turn).
 */
function conversationText(sample: Sample): string[] {
  const turns = (sample.messages ?? []).map((m) => `${m.role}: ${m.content}${m.toolCalls?.length ? ` ${JSON.stringify(m.toolCalls)}` : ""}`);
  return sample.referenceToolCalls?.length ? [...turns, JSON.stringify(sample.referenceToolCalls)] : turns;
}
