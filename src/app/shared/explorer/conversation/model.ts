import { toolCallPairs } from "../../../../engine/metrics/shared/tool-call-trace";
import type { Message, Sample, ToolCall } from "../../../../engine/sample";

/**
 * What the conversation viewer shows, worked out without React so the explorer's view and its tests
 * read one rule: each turn with its tool calls, the reference calls, and how the tool-call metric's
 * trace paired them (contract 16: every reference and every predicted call appears in one pair).
 * The HTML report's viewer.js follows the same rule in plain JavaScript.
 */

/** A trace pair as tool_call_accuracy and tool_call_f1 store it: 0-based positions, null = unmatched. */
export interface CallPair {
  reference: number | null;
  predicted: number | null;
}

/** matched: a pair holds both; extra: a call made that no reference call took; missing: a reference call never made. */
export type CallMark = "matched" | "extra" | "missing";

export interface ShownCall {
  call: ToolCall;
  /** Its position among the calls made (predicted) or among the reference calls. */
  index: number;
  /** Its mark under the pairing; null when no tool-call metric ran on this sample. */
  mark: CallMark | null;
  /** The other side's position when matched. */
  partner: number | null;
}

export interface ShownTurn {
  /** Position in the conversation, 0-based. */
  index: number;
  role: Message["role"];
  content: string;
  calls: ShownCall[];
}

export interface ConversationModel {
  turns: ShownTurn[];
  reference: ShownCall[];
  /** The metric whose pairs marked the calls (tool_call_accuracy preferred: its order is the user's choice). */
  pairedBy: string | null;
}

/** The metrics whose traces hold `pairs`, in the order the viewer prefers them. */
const PAIRING_METRICS = ["tool_call_accuracy", "tool_call_f1"] as const;

/**
 * The pairs of the first pairing metric that ran on the sample with a readable trace (a null score
 * or a summary-only copy has none: the calls are then shown unmarked).
 */
export function pairsOf(metrics: Readonly<Record<string, { trace?: unknown } | undefined>>): { pairs: CallPair[]; pairedBy: string } | null {
  for (const id of PAIRING_METRICS) {
    const trace = metrics[id]?.trace;
    const pairs = trace && typeof trace === "object" && "pairs" in trace ? toolCallPairs.safeParse(trace.pairs) : null;
    if (pairs?.success) return { pairs: pairs.data, pairedBy: id };
  }
  return null;
}

/** Every pair's marks, by side; an index no pair names stays unmarked. */
function marksOf(pairs: readonly CallPair[] | null) {
  const predicted = new Map<number, { mark: CallMark; partner: number | null }>();
  const reference = new Map<number, { mark: CallMark; partner: number | null }>();
  for (const p of pairs ?? []) {
    if (p.predicted !== null) predicted.set(p.predicted, { mark: p.reference === null ? "extra" : "matched", partner: p.reference });
    if (p.reference !== null) reference.set(p.reference, { mark: p.predicted === null ? "missing" : "matched", partner: p.predicted });
  }
  return { predicted, reference };
}

/** The turns and reference calls of a conversation sample, each call marked by `pairs` (null: no metric ran). */
export function conversationModel(
  sample: Pick<Sample, "messages" | "referenceToolCalls">,
  pairs: readonly CallPair[] | null,
  pairedBy: string | null = null,
): ConversationModel {
  const marks = marksOf(pairs);
  const markOf = (side: "predicted" | "reference", index: number) => {
    const found = marks[side].get(index);
    return found ? found : { mark: null, partner: null };
  };
  // Predicted calls are numbered across the assistant turns in order, as the metrics number them.
  let next = 0;
  const turns = (sample.messages ?? []).map((m, index): ShownTurn => {
    const calls = m.role === "assistant" ? (m.toolCalls ?? []) : [];
    return { index, role: m.role, content: m.content, calls: calls.map((call) => ({ call, index: next, ...markOf("predicted", next++) })) };
  });
  const reference = (sample.referenceToolCalls ?? []).map((call, index) => ({ call, index, ...markOf("reference", index) }));
  return { turns, reference, pairedBy: pairs ? pairedBy : null };
}

/** A call's arguments as the card shows them: pretty-printed JSON, keys in the order they came. */
export function prettyArgs(call: ToolCall): string {
  return JSON.stringify(call.args, null, 2);
}

/** Turns shown whole; a longer conversation shows its first and last turns and folds the middle away. */
const TURNS_SHOWN = 50;
const HEAD = 10;

/** The turns to show and how many are folded between them (0: all shown). */
export function foldTurns<T>(turns: readonly T[], expanded: boolean): { head: readonly T[]; folded: number; tail: readonly T[] } {
  if (expanded || turns.length <= TURNS_SHOWN) return { head: turns, folded: 0, tail: [] };
  const tailStart = turns.length - (TURNS_SHOWN - HEAD);
  return { head: turns.slice(0, HEAD), folded: tailStart - HEAD, tail: turns.slice(tailStart) };
}
