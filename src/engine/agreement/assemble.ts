import type { MetricResult } from "../result";
import { recomputeScore } from "../recompute";
import { rankingScore, rankingTraceFields, ratingScore, ratingTraceFields } from "./baselines";
import { type AgreementPlan, jobKey, type PairSpec } from "./plan";
import { pearson, predict, tally } from "./stats";
import { type AbsoluteRowResult, type AgreementMethod, type AgreementPair, type AgreementRowResult, AGREEMENT_TASKS, methodTasks } from "./types";

/**
 * From the judgements to Table 1: each pair's two scores, its predicted side, and per (method,
 * task) the tally. The same functions recompute a stored file's figures from its traces.
 */

/** What recomputing needs of a result (a stored one has plain-string error codes). */
type Scored = { score: number | null; trace: unknown; error?: { code: string; message: string } };

/** A pair's two scores, as the method defines them. GPT Ranking has one judgement: it lives in resultA. */
export function pairScores(method: AgreementMethod, resultA: Scored | undefined, resultB: Scored | undefined): [number | null, number | null] {
  if (method === "gpt_ranking") {
    const s = resultA?.score ?? null;
    return s === null ? [null, null] : [s, 1 - s];
  }
  return [resultA?.score ?? null, resultB?.score ?? null];
}

function pairOf(method: AgreementMethod, spec: PairSpec, results: ReadonlyMap<string, MetricResult>): AgreementPair {
  const resultA = method === "gpt_ranking" ? results.get(jobKey(method, spec.task, `${spec.a}~${spec.b}`)) : results.get(jobKey(method, spec.task, spec.a));
  const resultB = method === "gpt_ranking" ? undefined : results.get(jobKey(method, spec.task, spec.b));
  const [scoreA, scoreB] = pairScores(method, resultA, resultB);
  const pair: AgreementPair = { id: spec.id, a: spec.a, b: spec.b, human: spec.human, scoreA, scoreB, predicted: predict(scoreA, scoreB) };
  if (resultA) pair.resultA = resultA;
  if (resultB) pair.resultB = resultB;
  return pair;
}

export function tableRow(method: AgreementMethod, task: AgreementRowResult["task"], pairs: AgreementPair[]): AgreementRowResult {
  return { method, task, ...tally(pairs), pairs };
}

export function assemble(
  plan: AgreementPlan,
  methods: readonly AgreementMethod[],
  results: ReadonlyMap<string, MetricResult>,
  threshold: number,
): { rows: AgreementRowResult[]; absolute: AbsoluteRowResult[] } {
  const rows: AgreementRowResult[] = [];
  const absolute: AbsoluteRowResult[] = [];
  for (const method of methods) {
    for (const task of AGREEMENT_TASKS) {
      if (!methodTasks(method).includes(task)) continue;
      const specs = plan.pairs.filter((p) => p.task === task);
      if (specs.length > 0)
        rows.push(
          tableRow(
            method,
            task,
            specs.map((s) => pairOf(method, s, results)),
          ),
        );
      const labelled = plan.absolute.filter((x) => x.task === task);
      // Ranking needs two candidates: it has nothing to say about one labelled answer.
      if (labelled.length === 0 || method === "gpt_ranking") continue;
      const items = labelled.map((x) => {
        const result = results.get(jobKey(method, task, x.sample));
        const score = result?.score ?? null;
        return {
          id: x.id,
          sample: x.sample,
          label: x.label,
          score,
          predicted: score === null ? null : score >= threshold ? 1 : 0,
          ...(result ? { result } : {}),
        } as const;
      });
      absolute.push(absoluteRow(method, task, threshold, items));
    }
  }
  return { rows, absolute };
}

export function absoluteRow(method: AgreementMethod, task: AbsoluteRowResult["task"], threshold: number, items: AbsoluteRowResult["items"]): AbsoluteRowResult {
  const counts = tally(items.map((i) => ({ predicted: i.predicted, human: i.label >= threshold ? 1 : 0 })));
  const scored = items.filter((i) => i.score !== null);
  const binary = items.every((i) => i.label === 0 || i.label === 1);
  const r = pearson(
    scored.map((i) => i.score!),
    scored.map((i) => i.label),
  );
  return { method, task, threshold, ...counts, correlation: { kind: binary ? "point_biserial" : "pearson", r, n: scored.length }, items };
}

/**
 * A stored result's score recomputed from its trace alone: the metric's score function for
 * ragas, (rating - min) / (max - min) for a rating, 1/0 for a ranking's chosen side.
 */
export function recomputeResultScore(method: AgreementMethod, task: AgreementRowResult["task"], result: Scored): number | null {
  if (result.score === null) return null;
  if (method === "ragas") return recomputeScore(task, result.trace).score;
  // A file's trace is untrusted: one without what the score is computed from gives no score, and the checker names the mismatch.
  if (method === "gpt_ranking") {
    const trace = rankingTraceFields.safeParse(result.trace);
    if (!trace.success) return null;
    const [first, second] = trace.data.order;
    return rankingScore({ chosen: trace.data.choice === 1 ? first : second });
  }
  const trace = ratingTraceFields.safeParse(result.trace);
  return trace.success ? ratingScore(trace.data) : null;
}
