import type { MetricDefinition } from "../definition";
import type { AgentGoalTrace } from "./score";

/** Agent goal accuracy in the UI's words, English and Chinese. */
export const agentGoalDisplay: Pick<MetricDefinition<AgentGoalTrace>, "names" | "descriptions" | "summarize"> = {
  names: { en: "Agent goal accuracy", zh: "智能体目标达成率" },
  descriptions: { en: "Whether the conversation achieved what the user wanted.", zh: "对话是否达成了用户想要的结果。" },
  summarize({ goal, verdict }) {
    return verdict === 1
      ? { en: `The conversation reached the goal: ${goal}`, zh: `对话达成了目标：${goal}` }
      : { en: `The conversation did not reach the goal: ${goal}`, zh: `对话未达成目标：${goal}` };
  },
};
