import { scored, type CallRecord, type ScoreOutcome } from "../../result";
import { pairCounts, type ToolCallPair } from "../shared/tool-call-match";

export interface ToolCallF1Trace {
  /** Always a maximum one-to-one matching (order does not count for F1). */
  order: "any";
  pairs: ToolCallPair[];
  calls: CallRecord[];
}

/** 2PR/(P+R), P = M/predicted, R = M/reference; 0 when M = 0; both empty -> 1. */
export function scoreToolCallF1(trace: Pick<ToolCallF1Trace, "pairs">): ScoreOutcome {
  const { matched, reference, predicted } = pairCounts(trace.pairs);
  if (reference === 0 && predicted === 0) return scored(1);
  if (matched === 0) return scored(0);
  const p = matched / predicted;
  const r = matched / reference;
  return scored((2 * p * r) / (p + r));
}

export function explainToolCallF1(trace: ToolCallF1Trace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const { matched, reference, predicted } = pairCounts(trace.pairs);
  if (reference === 0 && predicted === 0) return "No tool call was expected and none was made.";
  return `${matched} calls matched (any order): precision ${matched}/${predicted}, recall ${matched}/${reference}.`;
}
