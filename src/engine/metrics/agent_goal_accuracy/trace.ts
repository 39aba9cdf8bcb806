import { flag, traceFields } from "../shared/trace-fields";
import type { AgentGoalTrace } from "./score";

export const agentGoalTraceFields = traceFields<AgentGoalTrace>()({
  verdict: flag,
});
