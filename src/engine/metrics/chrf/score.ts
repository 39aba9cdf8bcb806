import { scored, type CallRecord, type ScoreOutcome } from "../../result";
import { codePoints, countItems, pySplit } from "../../text/python-str";

/** sacreBLEU's chrF defaults: character n-grams up to 6, no word n-grams, beta 2, spaces removed. */
export const CHRF_DEFAULTS = { charOrder: 6, beta: 2, whitespace: false, epsSmoothing: false } as const;

export interface ChrfSettings {
  charOrder: number;
  beta: number;
  /** Keep whitespace inside the character n-grams (sacreBLEU removes it by default). */
  whitespace: boolean;
  /** chrF++.py-style eps smoothing instead of sacreBLEU's effective order (the default). */
  epsSmoothing: boolean;
}

/** Per character n-gram order: the answer's n-grams, the reference's, and the clipped matches. */
export interface ChrfOrder {
  n: number;
  answer: number;
  reference: number;
  matches: number;
}

export interface ChrfTrace {
  beta: number;
  orders: ChrfOrder[];
  calls: CallRecord[];
}

function charNgrams(line: string, n: number): string[] {
  const chars = codePoints(line);
  const out: string[] = [];
  for (let i = 0; i + n <= chars.length; i++) out.push(chars.slice(i, i + n).join(""));
  return out;
}

/** sacreBLEU's match statistics (extract_all_char_ngrams and _get_match_statistics). */
export function chrfOrders(answer: string, reference: string, settings: Pick<ChrfSettings, "charOrder" | "whitespace"> = CHRF_DEFAULTS): ChrfOrder[] {
  const squash = (s: string) => (settings.whitespace ? s : pySplit(s).join(""));
  const hypLine = squash(answer);
  const refLine = squash(reference);
  const orders: ChrfOrder[] = [];
  for (let n = 1; n <= settings.charOrder; n++) {
    const hyp = countItems(charNgrams(hypLine, n));
    const ref = countItems(charNgrams(refLine, n));
    let hypCount = 0;
    let matches = 0;
    for (const [gram, count] of hyp) {
      hypCount += count;
      matches += Math.min(count, ref.get(gram) ?? 0);
    }
    let refCount = 0;
    for (const count of ref.values()) refCount += count;
    // sacreBLEU counts no answer n-grams for an order the reference has none of.
    orders.push({ n, answer: ref.size > 0 ? hypCount : 0, reference: refCount, matches });
  }
  return orders;
}

/** sacreBLEU's _compute_f_score, 0-100. */
export function computeChrf(orders: readonly ChrfOrder[], settings: Pick<ChrfSettings, "beta" | "epsSmoothing"> = CHRF_DEFAULTS): number {
  const eps = 1e-16;
  const factor = settings.beta ** 2;
  let score = 0;
  let effectiveOrder = 0;
  let avgPrec = 0;
  let avgRec = 0;
  for (const o of orders) {
    const prec = o.answer > 0 ? o.matches / o.answer : eps;
    const rec = o.reference > 0 ? o.matches / o.reference : eps;
    const denom = factor * prec + rec;
    score += denom > 0 ? ((1 + factor) * prec * rec) / denom : eps;
    if (o.answer > 0 && o.reference > 0) {
      avgPrec += prec;
      avgRec += rec;
      effectiveOrder++;
    }
  }
  if (settings.epsSmoothing) return (100 * score) / orders.length;
  if (effectiveOrder === 0) return 0;
  avgPrec /= effectiveOrder;
  avgRec /= effectiveOrder;
  if (avgPrec + avgRec === 0) return 0;
  return (100 * ((1 + factor) * avgPrec * avgRec)) / (factor * avgPrec + avgRec);
}

export function scoreChrf(trace: Pick<ChrfTrace, "beta" | "orders">): ScoreOutcome {
  return scored(computeChrf(trace.orders, { beta: trace.beta, epsSmoothing: false }) / 100);
}

export function explainChrf(trace: ChrfTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const shown = trace.orders
    .filter((o) => o.answer > 0 && o.reference > 0)
    .map((o) => `${o.n}-grams ${o.matches}/${o.answer} of the answer, ${o.matches}/${o.reference} of the reference`);
  if (shown.length === 0) return "sacreBLEU chrF: the answer and the reference share no character n-gram order.";
  return `sacreBLEU chrF (beta ${trace.beta}, spaces removed): character ${shown.join("; ")}.`;
}
