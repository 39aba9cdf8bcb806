import { scored, type CallRecord, type ScoreOutcome } from "../../result";
import { countItems } from "../../text/python-str";
import type { BleuTokenizer } from "./tokenize";

/** BLEU's maximum n-gram order (sacreBLEU's default). */
const MAX_ORDER = 4;

type SmoothMethod = "exp" | "none" | "floor" | "add-k";

/** Settings sacreBLEU's sentence_bleu takes; the metric uses its defaults (exp smoothing, effective order). */
export interface BleuSettings {
  smoothMethod: SmoothMethod;
  smoothValue?: number;
  effectiveOrder: boolean;
}

export const SENTENCE_BLEU_DEFAULTS: BleuSettings = { smoothMethod: "exp", effectiveOrder: true };

const SMOOTH_DEFAULTS: Record<SmoothMethod, number> = { exp: 0, none: 0, floor: 0.1, "add-k": 1 };

export interface BleuStats {
  /** Clipped n-gram matches for n = 1..4. */
  matches: number[];
  /** The answer's n-grams for n = 1..4. */
  totals: number[];
  answerLength: number;
  referenceLength: number;
}

export interface BleuTrace {
  tokenizer: BleuTokenizer;
  answerTokens: string[];
  referenceTokens: string[];
  /** What the score is computed from (recomputed from the tokens, shown as they are). */
  matches: number[];
  totals: number[];
  brevityPenalty: number;
  calls: CallRecord[];
}

function ngrams(tokens: readonly string[], n: number): string[] {
  const out: string[] = [];
  // A separator no token holds (tokens never contain whitespace).
  for (let i = 0; i + n <= tokens.length; i++) out.push(tokens.slice(i, i + n).join(" "));
  return out;
}

/** sacreBLEU's sufficient statistics for one answer and one reference. */
export function bleuStats(answerTokens: readonly string[], referenceTokens: readonly string[]): BleuStats {
  const matches: number[] = [];
  const totals: number[] = [];
  for (let n = 1; n <= MAX_ORDER; n++) {
    const hyp = countItems(ngrams(answerTokens, n));
    const ref = countItems(ngrams(referenceTokens, n));
    let match = 0;
    let total = 0;
    for (const [gram, count] of hyp) {
      total += count;
      match += Math.min(count, ref.get(gram) ?? 0);
    }
    matches.push(match);
    totals.push(total);
  }
  return { matches, totals, answerLength: answerTokens.length, referenceLength: referenceTokens.length };
}

/**
 * Which of `tokens` BLEU counts as unigram matches against `other`: the first min(count here,
 * count there) occurrences of each token, the clipping bleuStats does. The marks number exactly
 * matches[0] on either side, so a view highlights what the score counted and no more.
 */
export function clippedUnigramMarks(tokens: readonly string[], other: readonly string[]): boolean[] {
  const left = countItems(other);
  return tokens.map((token) => {
    const n = left.get(token) ?? 0;
    if (n === 0) return false;
    left.set(token, n - 1);
    return true;
  });
}

export function brevityPenalty(answerLength: number, referenceLength: number): number {
  if (answerLength >= referenceLength) return 1;
  return answerLength > 0 ? Math.exp(1 - referenceLength / answerLength) : 0;
}

/** sacreBLEU's compute_bleu, on a 0-100 scale as it reports. */
export function computeBleu(stats: BleuStats, settings: BleuSettings = SENTENCE_BLEU_DEFAULTS): number {
  const correct = [...stats.matches];
  const total = [...stats.totals];
  const smoothValue = settings.smoothValue ?? SMOOTH_DEFAULTS[settings.smoothMethod];
  const bp = brevityPenalty(stats.answerLength, stats.referenceLength);
  // No match at any order: 0, whatever the smoothing (sacreBLEU #141).
  if (!correct.some((c) => c > 0)) return 0;

  const precisions = new Array<number>(MAX_ORDER).fill(0);
  let smoothExp = 1;
  let order = MAX_ORDER;
  for (let n = 1; n <= MAX_ORDER; n++) {
    if (settings.smoothMethod === "add-k" && n > 1) {
      correct[n - 1]! += smoothValue;
      total[n - 1]! += smoothValue;
    }
    if (total[n - 1] === 0) break;
    // Effective order: orders the answer is too short to have are left out, not scored 0.
    if (settings.effectiveOrder) order = n;
    if (correct[n - 1] === 0) {
      if (settings.smoothMethod === "exp") {
        smoothExp *= 2;
        precisions[n - 1] = 100 / (smoothExp * total[n - 1]!);
      } else if (settings.smoothMethod === "floor") {
        precisions[n - 1] = (100 * smoothValue) / total[n - 1]!;
      }
    } else {
      precisions[n - 1] = (100 * correct[n - 1]!) / total[n - 1]!;
    }
  }
  const logSum = precisions.slice(0, order).reduce((sum, p) => sum + (p === 0 ? -9999999999 : Math.log(p)), 0);
  return bp * Math.exp(logSum / order);
}

export function scoreBleu(trace: Pick<BleuTrace, "answerTokens" | "referenceTokens">): ScoreOutcome {
  return scored(computeBleu(bleuStats(trace.answerTokens, trace.referenceTokens)) / 100);
}

export function explainBleu(trace: BleuTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const orders = trace.totals
    .map((total, i) => (total > 0 ? `${i + 1}-grams ${trace.matches[i]}/${total}` : undefined))
    .filter((s): s is string => s !== undefined);
  const head = `sacreBLEU sentence BLEU (${trace.tokenizer} tokens): ${orders.join(", ") || "no n-grams"} match the reference`;
  return `${head}; brevity penalty ${trace.brevityPenalty.toFixed(3)} (${trace.answerTokens.length} answer vs ${trace.referenceTokens.length} reference tokens).`;
}
