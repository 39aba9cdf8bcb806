import { z } from "zod";
import { ask } from "../metrics/shared/ask";
import { traceFields } from "../metrics/shared/trace-fields";
import type { MetricContext } from "../metrics/types";
import type { Judge } from "../ports";
import { resolvePrompt, validatePrompt } from "../prompts/resolve";
import type { PromptDef, PromptOverrides } from "../prompts/types";
import { isMetricError, type CallRecord, type MetricResult } from "../result";
import type { Sample } from "../sample";
import { sha256Hex } from "../text/sha256";
import { GPT_RANKING_PROMPTS, GPT_SCORE_5_PROMPT, GPT_SCORE_PROMPTS, type RatingReply } from "./baseline-prompts";
import type { AgreementTask, Side } from "./types";

/**
 * The baselines as judges. Their results have the metric result shape (contract 3) so traces,
 * call logs and reports treat them alike:
 *   rating  trace { rating, scale: [min, max], reason, calls }, score = (rating - min) / (max - min)
 *   ranking trace { order, choice, chosen, reason, calls },      score = 1 when the judge chose side a, else 0
 */

export interface BaselineDeps {
  judge: Judge;
  prompts: PromptOverrides | undefined;
  signal: AbortSignal | undefined;
}

export interface RatingTrace {
  rating: number;
  scale: [number, number];
  reason: string;
  calls: CallRecord[];
}

export interface RankingTrace {
  /** Which side was shown as candidate 1 and which as 2. */
  order: [Side, Side];
  choice: 1 | 2;
  chosen: Side;
  reason: string;
  calls: CallRecord[];
}

/**
 * The order the two candidates are shown in: a seeded coin per (task, pair), so a judge that
 * favours the first position cannot look good or bad by the data's order, and a rerun with the
 * same seed shows the same order (recorded in the trace either way).
 */
export function shownOrder(seed: string, task: AgreementTask, pairId: string): [Side, Side] {
  const first = Number.parseInt(sha256Hex(`${seed}\u0000${task}\u0000${pairId}`).slice(0, 2), 16);
  return first % 2 === 0 ? ["a", "b"] : ["b", "a"];
}

/** What a rating's score is computed from, checked when a stored (untrusted) trace is recomputed. */
export const ratingTraceFields = traceFields<RatingTrace>()({ rating: z.number(), scale: z.tuple([z.number(), z.number()]) });

/** What a ranking's score is computed from: the side shown as the chosen candidate. */
export const rankingTraceFields = traceFields<RankingTrace>()({
  order: z.tuple([z.enum(["a", "b"]), z.enum(["a", "b"])]),
  choice: z.union([z.literal(1), z.literal(2)]),
});

export function ratingScore(trace: Pick<RatingTrace, "rating" | "scale">): number {
  const [min, max] = trace.scale;
  return (trace.rating - min) / (max - min);
}

export function rankingScore(trace: Pick<RankingTrace, "chosen">): number {
  return trace.chosen === "a" ? 1 : 0;
}

/** The candidate's text as the prompt needs it: an answer, or the joined contexts for context relevance. */
function candidateText(task: AgreementTask, sample: Sample): string {
  return task === "context_relevance" ? sample.contexts.join("\n\n") : sample.answer;
}

function baseInput(task: AgreementTask, sample: Sample): Record<string, string> {
  return task === "faithfulness" ? { question: sample.question, context: sample.contexts.join("\n\n") } : { question: sample.question };
}

/** GPT Score: one call rating one candidate (0-10, or 1-5 with `five`). */
export function rateCandidate(task: AgreementTask, sample: Sample, deps: BaselineDeps, five = false): Promise<MetricResult> {
  const base = five ? GPT_SCORE_5_PROMPT : GPT_SCORE_PROMPTS[task];
  const scale: [number, number] = five ? [1, 5] : [0, 10];
  return guarded(base, sample, deps, async (ctx) => {
    const reply: RatingReply = await ask(ctx, base, { ...baseInput(task, sample), candidate: candidateText(task, sample) });
    const trace = { rating: reply.rating, scale, reason: reply.reason };
    return { score: ratingScore(trace), reason: reply.reason, trace };
  });
}

/** GPT Ranking: one call choosing between the pair's two candidates, shown in the seeded order. */
export function rankPair(task: AgreementTask, a: Sample, b: Sample, order: [Side, Side], deps: BaselineDeps): Promise<MetricResult> {
  const base = GPT_RANKING_PROMPTS[task];
  const bySide = { a, b };
  return guarded(base, a, deps, async (ctx) => {
    const reply = await ask(ctx, base, {
      ...baseInput(task, a),
      first: candidateText(task, bySide[order[0]]),
      second: candidateText(task, bySide[order[1]]),
    });
    const chosen = order[reply.choice - 1]!;
    const trace = { order, choice: reply.choice, chosen, reason: reply.reason };
    return { score: rankingScore(trace), reason: reply.reason, trace };
  });
}

type Partial = { score: number; reason: string; trace: Record<string, unknown> };

/** Like scoreMetric: a bad prompt, a failed call or a cancel becomes a coded null that keeps its calls. */
async function guarded(base: PromptDef<unknown>, sample: Sample, deps: BaselineDeps, run: (ctx: MetricContext) => Promise<Partial>): Promise<MetricResult> {
  const calls: CallRecord[] = [];
  const problems = validatePrompt(resolvePrompt(base, deps.prompts?.[base.id])).map((i) => `${base.id}: ${i.message}`);
  if (problems.length > 0) return { score: null, error: { code: "invalid_prompt", message: problems.join("; ") }, trace: { calls } };
  if (deps.signal?.aborted) return cancelled(calls);
  const ctx: MetricContext = {
    sample,
    judge: deps.judge,
    embedder: undefined,
    prompt: (p) => resolvePrompt(p, deps.prompts?.[p.id]),
    options: {},
    signal: deps.signal,
    calls,
  };
  try {
    const out = await run(ctx);
    return { score: out.score, reason: out.reason, trace: { ...out.trace, calls } };
  } catch (error) {
    if (deps.signal?.aborted || (isMetricError(error) && error.code === "cancelled")) return cancelled(calls);
    if (isMetricError(error)) return { score: null, error: { code: error.code, message: error.message }, trace: { calls } };
    return {
      score: null,
      error: { code: "internal_error", message: `unexpected failure: ${error instanceof Error ? error.message : String(error)}` },
      trace: { calls },
    };
  }
}

function cancelled(calls: CallRecord[]): MetricResult {
  return { score: null, error: { code: "cancelled", message: "the run was cancelled before this judgement finished" }, trace: { calls } };
}
