import { z } from "zod";
import { position } from "./trace-fields";
import type { ToolCallPair } from "./tool-call-match";

/**
 * The pairs of a tool-call trace, checked before a score is recomputed from them: every reference
 * and predicted call numbered 0..n-1 appears exactly once, so a hand-edited pair cannot make M
 * larger than the lists allow (or a score above 1).
 */
export const toolCallPairs = z
  .array(z.object({ reference: position.nullable(), predicted: position.nullable() }))
  .refine((pairs) => pairs.every((p) => p.reference !== null || p.predicted !== null), { message: "a pair names neither call" })
  .refine((pairs) => eachOnce(pairs, "reference") && eachOnce(pairs, "predicted"), { message: "each call must appear in exactly one pair, numbered from 0" });

function eachOnce(pairs: readonly ToolCallPair[], side: keyof ToolCallPair): boolean {
  const seen = pairs.map((p) => p[side]).filter((i): i is number => i !== null);
  return new Set(seen).size === seen.length && seen.every((i) => i < seen.length);
}
