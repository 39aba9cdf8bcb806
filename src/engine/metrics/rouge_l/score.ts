import { scored, type CallRecord, type ScoreOutcome } from "../../result";

export interface RougeLTrace {
  answerTokens: string[];
  referenceTokens: string[];
  /** Length of the longest common subsequence of the two token lists. */
  lcs: number;
  calls: CallRecord[];
}

/** Longest common subsequence length, two rows at a time (rouge-score builds the full table). */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  let row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) row[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    [prev, row] = [row, prev];
  }
  return prev[b.length]!;
}

/** Beyond this many table cells (two texts of ~2,000 tokens each) no tokens are marked: the view still shows the length. */
const MARKS_MAX_CELLS = 4_000_000;

/**
 * One longest common subsequence, as marks on each side's tokens (the full table, backtracked),
 * so a view highlights exactly the lcs tokens and not every token the other side also has.
 */
export function lcsMarks(answer: readonly string[], reference: readonly string[]): { answer: boolean[]; reference: boolean[] } {
  const marks = { answer: answer.map(() => false), reference: reference.map(() => false) };
  const width = reference.length + 1;
  if ((answer.length + 1) * width > MARKS_MAX_CELLS) return marks;
  const table = new Uint32Array((answer.length + 1) * width);
  for (let i = 1; i <= answer.length; i++)
    for (let j = 1; j <= reference.length; j++)
      table[i * width + j] =
        answer[i - 1] === reference[j - 1] ? table[(i - 1) * width + j - 1]! + 1 : Math.max(table[(i - 1) * width + j]!, table[i * width + j - 1]!);
  let i = answer.length;
  let j = reference.length;
  while (i > 0 && j > 0) {
    if (answer[i - 1] === reference[j - 1]) {
      marks.answer[--i] = true;
      marks.reference[--j] = true;
    } else if (table[(i - 1) * width + j]! >= table[i * width + j - 1]!) i--;
    else j--;
  }
  return marks;
}

export interface RougeLParts {
  precision: number;
  recall: number;
  f1: number;
}

/** rouge-score's _score_lcs: precision over the answer (prediction), recall over the reference (target). */
export function rougeLParts(answerLength: number, referenceLength: number, lcs: number): RougeLParts {
  if (answerLength === 0 || referenceLength === 0) return { precision: 0, recall: 0, f1: 0 };
  const precision = lcs / answerLength;
  const recall = lcs / referenceLength;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/** From the counts in the trace (the LCS itself is not recomputed: it is quadratic in the lengths). */
export function scoreRougeL(trace: Pick<RougeLTrace, "answerTokens" | "referenceTokens" | "lcs">): ScoreOutcome {
  return scored(rougeLParts(trace.answerTokens.length, trace.referenceTokens.length, trace.lcs).f1);
}

export function explainRougeL(trace: RougeLTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  if (trace.answerTokens.length === 0 || trace.referenceTokens.length === 0) {
    return `ROUGE-L is 0: the ${trace.answerTokens.length === 0 ? "answer" : "reference"} has no word or CJK character to compare.`;
  }
  const p = rougeLParts(trace.answerTokens.length, trace.referenceTokens.length, trace.lcs);
  return `The longest common subsequence is ${trace.lcs} tokens: precision ${trace.lcs}/${trace.answerTokens.length} = ${p.precision.toFixed(3)}, recall ${trace.lcs}/${trace.referenceTokens.length} = ${p.recall.toFixed(3)}.`;
}
