import { scored, type CallRecord, type ScoreOutcome } from "../../result";
import { codePoints } from "../../text/python-str";

export interface StringSimilarityTrace {
  /** Levenshtein distance (insert, delete, substitute: 1 each) in code points. */
  distance: number;
  answerLength: number;
  referenceLength: number;
  calls: CallRecord[];
}

/**
 * Levenshtein distance over code points, as rapidfuzz counts (an emoji is one character, not two
 * UTF-16 units). Our own: the engine takes no package but zod and @noble/hashes (DESIGN.md), and
 * the npm ones count UTF-16 units. Two rows, O(n m) time, after trimming the shared prefix and
 * suffix (answers and references often share both).
 */
function levenshtein(a: readonly string[], b: readonly string[]): number {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const x = a.slice(start, endA);
  const y = b.slice(start, endB);
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  let row = new Array<number>(y.length + 1).fill(0);
  for (let i = 1; i <= x.length; i++) {
    row[0] = i;
    for (let j = 1; j <= y.length; j++) {
      const substitute = prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1);
      row[j] = Math.min(substitute, prev[j]! + 1, row[j - 1]! + 1);
    }
    [prev, row] = [row, prev];
  }
  return prev[y.length]!;
}

export function levenshteinTrace(answer: string, reference: string): Omit<StringSimilarityTrace, "calls"> {
  const a = codePoints(answer);
  const b = codePoints(reference);
  return { distance: levenshtein(a, b), answerLength: a.length, referenceLength: b.length };
}

/** rapidfuzz's Levenshtein.normalized_similarity: 1 - distance / max(len); two empty texts are 1. */
export function scoreStringSimilarity(trace: Pick<StringSimilarityTrace, "distance" | "answerLength" | "referenceLength">): ScoreOutcome {
  const longest = Math.max(trace.answerLength, trace.referenceLength);
  return scored(longest === 0 ? 1 : 1 - trace.distance / longest);
}

export function explainStringSimilarity(trace: StringSimilarityTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const longest = Math.max(trace.answerLength, trace.referenceLength);
  return `${trace.distance} character edit${trace.distance === 1 ? "" : "s"} turn the answer into the reference (the longer text has ${longest} characters).`;
}
