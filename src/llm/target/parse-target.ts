import { describeTargetIssues, type Target, targetSchema } from "../../engine/target/target-schema";
import { pathProblem } from "./pick-paths";

/**
 * A target file's JSON, checked as a whole before any request: the schema (target-schema.ts), then
 * the grammar of each JSONPath. Returns the target, or a sentence naming each field at fault.
 */
export function parseTarget(json: unknown): { target: Target } | { problem: string } {
  const parsed = targetSchema.safeParse(json);
  if (!parsed.success) return { problem: describeTargetIssues(parsed.error) };
  const target = parsed.data;
  const problems = (["answer", "contexts", "contextIds", "toolCalls"] as const).flatMap((field) => {
    const path = target[field];
    const problem = path === undefined ? undefined : pathProblem(path);
    return problem ? [`${field}: ${problem}`] : [];
  });
  return problems.length > 0 ? { problem: problems.join("; ") } : { target };
}
