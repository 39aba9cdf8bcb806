import type { Sample, ToolCall } from "../../sample";

/**
 * Contract 16's matching of predicted tool calls against reference calls, shared by
 * tool_call_accuracy and tool_call_f1 so both read one rule. Every reference call and every
 * predicted call appears in exactly one pair, so the counts and M are recoverable from the pairs.
 */

export type ToolCallOrder = "strict" | "any";

/** A matched pair, or an unmatched reference (predicted null) or predicted call (reference null); 0-based. */
export interface ToolCallPair {
  reference: number | null;
  predicted: number | null;
}

/** The predicted calls: every assistant turn's tool calls, in order. */
export function predictedCalls(sample: Pick<Sample, "messages">): ToolCall[] {
  return (sample.messages ?? []).flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
}

/** JSON deep equality: objects by keys whatever their order, arrays element by element. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const bo = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(bo, k) && jsonEqual((a as Record<string, unknown>)[k], bo[k]));
}

/** Same name, and every reference argument present with an equal value; extra predicted arguments are ignored. */
export function callMatches(reference: ToolCall, predicted: ToolCall): boolean {
  if (reference.name !== predicted.name) return false;
  return Object.entries(reference.args).every(([key, value]) => Object.hasOwn(predicted.args, key) && jsonEqual(value, predicted.args[key]));
}

/** The pairs under `order`: strict = a longest common subsequence, any = a maximum one-to-one matching. */
export function pairCalls(reference: readonly ToolCall[], predicted: readonly ToolCall[], order: ToolCallOrder): ToolCallPair[] {
  const ok = reference.map((r) => predicted.map((p) => callMatches(r, p)));
  return order === "strict" ? lcsPairs(ok, reference.length, predicted.length) : matchingPairs(ok, reference.length, predicted.length);
}

/** LCS table then one traceback; unmatched calls are listed where they fall, so the pairs read in order. */
function lcsPairs(ok: boolean[][], n: number, m: number): ToolCallPair[] {
  const len = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) len[i]![j] = ok[i]![j] ? len[i + 1]![j + 1]! + 1 : Math.max(len[i + 1]![j]!, len[i]![j + 1]!);
  const pairs: ToolCallPair[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (ok[i]![j] && len[i]![j] === len[i + 1]![j + 1]! + 1) pairs.push({ reference: i++, predicted: j++ });
    else if (len[i + 1]![j]! >= len[i]![j + 1]!) pairs.push({ reference: i++, predicted: null });
    else pairs.push({ reference: null, predicted: j++ });
  }
  for (; i < n; i++) pairs.push({ reference: i, predicted: null });
  for (; j < m; j++) pairs.push({ reference: null, predicted: j });
  return pairs;
}

/**
 * Maximum bipartite matching by augmenting paths (Kuhn): a greedy first-fit can strand a reference
 * call whose only match another call took, so it is not enough. Lists are short; O(n m^2) is fine.
 */
function matchingPairs(ok: boolean[][], n: number, m: number): ToolCallPair[] {
  const refOf = new Array<number>(m).fill(-1);
  const augment = (i: number, seen: boolean[]): boolean => {
    for (let j = 0; j < m; j++) {
      if (!ok[i]![j] || seen[j]) continue;
      seen[j] = true;
      if (refOf[j] === -1 || augment(refOf[j]!, seen)) {
        refOf[j] = i;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < n; i++) augment(i, new Array<boolean>(m).fill(false));
  const predOf = new Array<number>(n).fill(-1);
  refOf.forEach((i, j) => {
    if (i !== -1) predOf[i] = j;
  });
  const pairs: ToolCallPair[] = predOf.map((j, i) => ({ reference: i, predicted: j === -1 ? null : j }));
  for (let j = 0; j < m; j++) if (refOf[j] === -1) pairs.push({ reference: null, predicted: j });
  return pairs;
}

/** The counts a score is computed from, read back from the pairs alone. */
export function pairCounts(pairs: readonly ToolCallPair[]): { matched: number; reference: number; predicted: number } {
  return {
    matched: pairs.filter((p) => p.reference !== null && p.predicted !== null).length,
    reference: pairs.filter((p) => p.reference !== null).length,
    predicted: pairs.filter((p) => p.predicted !== null).length,
  };
}
