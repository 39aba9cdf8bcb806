import { distance } from "fastest-levenshtein";
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
 * fastest-levenshtein compares UTF-16 units; rapidfuzz compares code points. Where a text holds
 * a character outside the BMP (an emoji), both texts are re-spelt with one BMP unit per distinct
 * code point first, so the distance counts code points as rapidfuzz does.
 */
function asUnits(a: string, b: string): [string, string] {
  const astral = /[\uD800-\uDFFF]/;
  if (!astral.test(a) && !astral.test(b)) return [a, b];
  const alphabet = new Map<string, string>();
  const spell = (s: string) =>
    codePoints(s)
      .map((c) => {
        let unit = alphabet.get(c);
        if (unit === undefined) {
          // Skip the surrogate block so every stand-in is one whole unit.
          const index = alphabet.size;
          unit = String.fromCharCode(index < 0xd800 ? index : index + 0x800);
          alphabet.set(c, unit);
        }
        return unit;
      })
      .join("");
  return [spell(a), spell(b)];
}

export function levenshteinTrace(answer: string, reference: string): Omit<StringSimilarityTrace, "calls"> {
  const [a, b] = asUnits(answer, reference);
  return { distance: distance(a, b), answerLength: codePoints(answer).length, referenceLength: codePoints(reference).length };
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
