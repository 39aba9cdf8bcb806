import type { MetricDefinition } from "../definition";
import { countWhere } from "../shared/display";
import type { CustomJudgeTrace } from "./score";

/** How every custom judge's votes read on a card, English and Chinese (its name is the user's own). */
export const summarizeVotes: NonNullable<MetricDefinition<CustomJudgeTrace>["summarize"]> = ({ scale, votes }) => {
  const k = votes.length;
  if (!k) return undefined;
  if (scale === "binary") {
    const yes = countWhere(votes, (v) => v.value === 1);
    return { en: `${yes} of ${k} votes say the criterion is met.`, zh: `${k} 票中有 ${yes} 票认为满足标准。` };
  }
  const mean = (votes.reduce((sum, v) => sum + v.value, 0) / k).toFixed(2);
  return { en: `Mean level ${mean} of 5 over ${k} ${k === 1 ? "vote" : "votes"}.`, zh: `${k} 票的平均等级为 ${mean}（共 5 级）。` };
};
