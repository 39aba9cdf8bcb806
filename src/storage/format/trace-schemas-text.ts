import { z } from "zod";

/**
 * Trace fields of the metrics that need no judge (contract 11): the tokens or counts each score
 * is computed from. Counts are whole numbers and must fit the tokens they count, so a hand-edited
 * count is named by its path instead of quietly changing a score.
 */

const flag = z.union([z.literal(0), z.literal(1)]);
const count = z.number().int().min(0);
const tokens = z.array(z.string());

const bleu = z
  .looseObject({
    tokenizer: z.enum(["13a", "zh", "none", "char"]),
    answerTokens: tokens,
    referenceTokens: tokens,
    matches: z.array(count).length(4),
    totals: z.array(count).length(4),
    brevityPenalty: z.number().min(0).max(1),
  })
  .refine((t) => t.matches.every((m, i) => m <= t.totals[i]!), { message: "a match count exceeds the answer's n-grams", path: ["matches"] });

const chrf = z.looseObject({
  beta: z.number().positive(),
  orders: z
    .array(
      z
        .object({ n: z.number().int().min(1), answer: count, reference: count, matches: count })
        .refine((o) => o.matches <= Math.min(o.answer, o.reference), { message: "more matches than n-grams", path: ["matches"] }),
    )
    .min(1),
});

const rougeL = z
  .looseObject({ answerTokens: tokens, referenceTokens: tokens, lcs: count })
  .refine((t) => t.lcs <= Math.min(t.answerTokens.length, t.referenceTokens.length), { message: "longer than the shorter token list", path: ["lcs"] });

const stringSimilarity = z
  .looseObject({ distance: count, answerLength: count, referenceLength: count })
  .refine((t) => t.distance <= Math.max(t.answerLength, t.referenceLength), { message: "more edits than the longer text has characters", path: ["distance"] });

export const TEXT_TRACE_FIELDS = {
  bleu,
  chrf,
  rouge_l: rougeL,
  string_similarity: stringSimilarity,
  exact_match: z.looseObject({ match: flag, firstDifference: count.nullable() }),
  string_presence: z.looseObject({ present: flag, at: count.nullable() }),
} satisfies Record<string, z.ZodType>;

export const TEXT_TRACE_ITEMS = {
  bleu: "tokens",
  chrf: "character n-gram counts",
  rouge_l: "tokens and LCS length",
  string_similarity: "edit distance",
  exact_match: "match flag",
  string_presence: "presence flag",
} satisfies Record<string, string>;
