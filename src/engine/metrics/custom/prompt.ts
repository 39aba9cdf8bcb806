import { z } from "zod";
import type { JudgeOutputSpec } from "../../ports";
import type { PromptDef } from "../../prompts/types";
import { binaryFlag, FLAG, object, STRING } from "../shared/schema";
import { customId, type CustomJudge } from "./definition";

export interface Vote {
  value: number;
  reason: string;
}

const rubricValue = z.preprocess((v) => (typeof v === "string" && /^\s*[1-5]\s*$/.test(v) ? Number(v) : v), z.union([1, 2, 3, 4, 5].map((n) => z.literal(n))));

/** One vote: a reason, then the verdict (binary: 0/1) or the level (rubric: 1-5), the only values the schema allows. */
export const binaryVote: JudgeOutputSpec<Vote> = {
  name: "custom_judge_binary",
  jsonSchema: object({ reason: STRING, verdict: FLAG }, "custom_judge_binary"),
  schema: z.object({ reason: z.string(), verdict: binaryFlag }).transform((r) => ({ value: r.verdict, reason: r.reason })),
};

export const rubricVote: JudgeOutputSpec<Vote> = {
  name: "custom_judge_rubric",
  jsonSchema: object({ reason: STRING, score: { type: "integer", enum: [1, 2, 3, 4, 5] } }, "custom_judge_rubric"),
  schema: z.object({ reason: z.string(), score: rubricValue }).transform((r) => ({ value: r.score, reason: r.reason })),
};

const LABELS: Record<CustomJudge["inputs"][number], string> = {
  question: "Question: {{question}}",
  answer: "Answer: {{answer}}",
  contexts: "Contexts:\n{{contexts}}",
  reference: "Reference answer: {{reference}}",
};

/**
 * The judge's prompt, made from its definition: our fixed frame around the user's words. Its
 * hash changes whenever the definition, the scale, the levels or the inputs do. Each vote's
 * input says which vote it is, so k votes are k requests (a cache or a batch never folds them).
 */
export function customJudgePrompt(judge: CustomJudge): PromptDef<Vote> {
  const scale =
    judge.scale === "binary"
      ? "verdict 1 if the criterion is met, 0 if it is not."
      : `score it from 1 to 5 by these levels:\n${judge.levels!.map((d, i) => `${i + 1}: ${d}`).join("\n")}`;
  return {
    id: customId(judge),
    metric: customId(judge),
    version: judge.version,
    title: judge.name,
    instruction: [
      `Judge the input on one criterion only, "${judge.name}": ${judge.definition}`,
      "",
      `Give a one-sentence reason, then ${scale}`,
      "Judge what the criterion asks and nothing else. Write the reason in the language of the input.",
    ].join("\n"),
    inputTemplate: [...judge.inputs.map((i) => LABELS[i]), "(Vote {{vote}} of {{votes}}: judge on your own.)"].join("\n"),
    variables: [...judge.inputs, "vote", "votes"],
    examples: [],
    output: judge.scale === "binary" ? binaryVote : rubricVote,
  };
}
