import { scored, unscored, type CallRecord, type ScoreOutcome } from "../../result";
import type { Vote } from "./prompt";

export interface CustomJudgeTrace {
  scale: "binary" | "rubric";
  votes: Vote[];
  calls: CallRecord[];
}

/** binary: 1 when more than half the votes are 1, else 0; rubric: (mean level - 1) / 4. */
export function scoreCustomJudge(trace: Pick<CustomJudgeTrace, "scale" | "votes">): ScoreOutcome {
  const { votes } = trace;
  if (votes.length === 0) return unscored("internal_error", "the judge cast no vote");
  if (trace.scale === "binary") return scored(votes.filter((v) => v.value === 1).length * 2 > votes.length ? 1 : 0);
  return scored((votes.reduce((sum, v) => sum + v.value, 0) / votes.length - 1) / 4);
}

export function explainCustomJudge(trace: CustomJudgeTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const k = trace.votes.length;
  if (trace.scale === "binary") {
    const yes = trace.votes.filter((v) => v.value === 1).length;
    const head = k === 1 ? (yes ? "The criterion is met" : "The criterion is not met") : `${yes} of ${k} votes say the criterion is met`;
    return `${head}: ${trace.votes[0]!.reason}`;
  }
  const mean = trace.votes.reduce((sum, v) => sum + v.value, 0) / k;
  return `${k === 1 ? "Level" : `Mean level over ${k} votes`} ${Number(mean.toFixed(2))} of 5: ${trace.votes[0]!.reason}`;
}
