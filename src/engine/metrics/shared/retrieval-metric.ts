import { z } from "zod";
import { MetricError, type ScoreOutcome, scored, unscored } from "../../result";
import type { Localized, MetricDefinition, MetricOptions } from "../definition";
import { gainsOf, hitsWithin, type RankedList, type RankedTrace, rankedList, type RetrievalMetricId } from "./ranking";
import { optionsOf, wholeNumber } from "./options";
import { count, traceFields } from "./trace-fields";

/** Contract 15's default cutoff. */
const DEFAULT_K = 10;

/** The largest k the option takes (a list longer than this is not a ranking anyone reads). */
export const MAX_RANK_CUTOFF = 1000;

const rankCutoff = optionsOf({ k: wholeNumber(1, MAX_RANK_CUTOFF) });

/**
 * A metric computed from ids alone (contract 15): no prompt, no embedding, no request, so it scores
 * with no key. Its trace is the de-duplicated ranked list with each id's gain; the score is one of
 * `measures` over it. `cutoff` metrics read option k (default 10).
 */
export function retrievalMetric(
  spec: Pick<MetricDefinition<RankedTrace>, "names" | "descriptions"> & {
    id: RetrievalMetricId;
    name: string;
    cutoff: boolean;
    /** R-precision: no k, but only the first R ranks count (the card's summary says so). */
    firstR?: boolean;
    score(trace: RankedTrace): ScoreOutcome;
    explain(trace: RankedTrace, outcome: ScoreOutcome): string;
    traceFields: z.ZodType;
  },
): MetricDefinition<RankedTrace> {
  return {
    id: spec.id,
    name: spec.name,
    names: spec.names,
    descriptions: spec.descriptions,
    family: "retrieval",
    // No request: scored in a batch run's first pass.
    batchRounds: 0,
    ...(spec.cutoff ? { optionFields: [{ key: "k", kind: "text" }] as const } : {}),
    summarize: (trace) => rankedSummary(trace, spec.firstR === true),
    // The ids are checked in run: a sample with no retrieved ids field cannot be scored, an empty list scores 0.
    requires: [],
    pickerInputs: ["retrievedContextIds", "referenceContextIds"],
    usesEmbeddings: false,
    usesJudge: false,
    prompts: [],
    ...(spec.cutoff ? { options: rankCutoff, defaults: { k: DEFAULT_K } satisfies MetricOptions } : {}),
    run: async (ctx) => {
      const { retrievedContextIds } = ctx.sample;
      if (retrievedContextIds === undefined) {
        throw new MetricError("missing_input", `${spec.name} needs the retrieved ids (retrievedContextIds / retrieved_context_ids)`, ctx.calls);
      }
      return rankedList(retrievedContextIds, gainsOf(ctx.sample), spec.cutoff ? (ctx.options.k ?? DEFAULT_K) : null);
    },
    score: spec.score,
    explain: spec.explain,
    traceFields: spec.traceFields,
    traceItems: "ranked ids",
  };
}

/**
 * The card's "why" for every retrieval metric: how many of the R relevant ids sit where the score
 * counts them (the first k, the first R, or anywhere in the list). Undefined when R is 0 (the score
 * is null and the card shows the engine's reason).
 */
function rankedSummary(trace: RankedList, firstR: boolean): Localized | undefined {
  const relevant = trace.relevantCount;
  if (relevant === 0) return undefined;
  const cut = trace.k ?? (firstR ? relevant : null);
  const hits = hitsWithin(trace, cut ?? Number.POSITIVE_INFINITY);
  const ids = relevant === 1 ? "id" : "ids";
  if (cut === null) {
    const n = trace.retrieved.length;
    return {
      en: `${hits} of ${relevant} relevant ${ids} among the ${n} retrieved.`,
      zh: `${relevant} 个相关编号中有 ${hits} 个出现在 ${n} 个检索结果中。`,
    };
  }
  const top = firstR ? `R = ${cut}` : `${cut}`;
  return { en: `${hits} of ${relevant} relevant ${ids} in the top ${top}.`, zh: `${relevant} 个相关编号中有 ${hits} 个排在前 ${top} 名。` };
}

/** No relevant id: undefined (null, missing_input); nothing retrieved: 0; else the measure. */
export function scoreRanked(trace: RankedList, measure: (list: RankedList, k: number) => number): ScoreOutcome {
  if (trace.relevantCount === 0) return unscored("missing_input", "no relevant id: the sample has no reference ids (or every grade is 0)");
  if (trace.retrieved.length === 0) return scored(0);
  return scored(measure(trace, trace.k ?? Number.POSITIVE_INFINITY));
}

/** Shared ways a retrieval explanation starts: the null's message, or the empty list. */
export function explainRanked(trace: RankedList, outcome: ScoreOutcome, sentence: () => string): string {
  if (outcome.score === null) return outcome.error.message;
  if (trace.retrieved.length === 0)
    return `Nothing was retrieved, so the score is 0 (${trace.relevantCount} relevant id${trace.relevantCount === 1 ? "" : "s"}).`;
  return sentence();
}

const rankedItem = z.strictObject({ id: z.string(), rank: z.number().int().min(1), gain: z.number().finite().min(0) });

const rankedShape = z.object({
  k: z.number().int().min(1).nullable(),
  retrieved: z.array(rankedItem),
  relevantCount: count,
  relevantGains: z.array(z.number().finite().positive()),
});

/** Whether a trace is a ranked list (any retrieval metric's), so a view can show it as one without a list of ids. */
export function isRankedTrace(trace: unknown): trace is RankedTrace {
  return rankedShape.safeParse(trace).success;
}

/**
 * The trace schema of every retrieval metric; `cutoff` says whether k must be set. The checks are
 * what the score relies on: ranks 1..n in order, ids once each, R gains of relevant ids, best first.
 */
export function rankedTraceFields(cutoff: boolean) {
  return traceFields<RankedTrace>()(rankedShape.shape)
    .refine((t) => (t.k !== null) === cutoff, { message: cutoff ? "this metric's trace needs its cutoff k" : "this metric has no cutoff k", path: ["k"] })
    .refine((t) => t.retrieved.every((item, i) => item.rank === i + 1), { message: "ranks must run 1, 2, 3, ... in order", path: ["retrieved"] })
    .refine((t) => new Set(t.retrieved.map((item) => item.id)).size === t.retrieved.length, { message: "an id appears twice", path: ["retrieved"] })
    .refine((t) => t.relevantGains.length === t.relevantCount, { message: "there must be one gain per relevant id", path: ["relevantGains"] })
    .refine((t) => t.relevantGains.every((g, i) => i === 0 || g <= t.relevantGains[i - 1]!), {
      message: "gains must be sorted, highest first",
      path: ["relevantGains"],
    })
    .refine((t) => retrievedGainsAmongRelevant(t), {
      // Else a hand-edited gain could make DCG exceed its ideal: NDCG over 1.
      message: "every relevant retrieved id's gain must be one of the relevant ids' gains",
      path: ["relevantGains"],
    });
}

/** The relevant retrieved ids are some of the R relevant ids, so their gains are a sub-multiset of relevantGains. */
function retrievedGainsAmongRelevant(t: RankedList): boolean {
  const left = new Map<number, number>();
  for (const g of t.relevantGains) left.set(g, (left.get(g) ?? 0) + 1);
  for (const { gain } of t.retrieved) {
    if (gain === 0) continue;
    const n = left.get(gain) ?? 0;
    if (n === 0) return false;
    left.set(gain, n - 1);
  }
  return true;
}
