import { scored, type CallRecord, type ScoreOutcome } from "../../result";
import { pairCounts, type ToolCallOrder, type ToolCallPair } from "../shared/tool-call-match";

export interface ToolCallAccuracyTrace {
  order: ToolCallOrder;
  pairs: ToolCallPair[];
  calls: CallRecord[];
}

/** M / max(reference count, predicted count): extra, repeated and missing calls all lower it; both empty -> 1. */
export function scoreToolCallAccuracy(trace: Pick<ToolCallAccuracyTrace, "pairs">): ScoreOutcome {
  const { matched, reference, predicted } = pairCounts(trace.pairs);
  const most = Math.max(reference, predicted);
  return scored(most === 0 ? 1 : matched / most);
}

export function explainToolCallAccuracy(trace: ToolCallAccuracyTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const { matched, reference, predicted } = pairCounts(trace.pairs);
  if (reference === 0 && predicted === 0) return "No tool call was expected and none was made.";
  const how = trace.order === "strict" ? "in order" : "in any order";
  return `${matched} of ${reference} reference tool calls matched ${how}, among ${predicted} calls made.`;
}
