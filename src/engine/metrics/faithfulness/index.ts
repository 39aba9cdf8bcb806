import { numbered } from "../../prompts/render";
import { ask, PRIORITY } from "../shared/ask";
import { coversEachOnce } from "../shared/schema";
import type { MetricDefinition } from "../types";
import { statementsPrompt, verdictsOutput, verdictsPrompt } from "./prompts";
import { explainFaithfulness, scoreFaithfulness, type FaithfulnessTrace } from "./score";

export const faithfulness: MetricDefinition<FaithfulnessTrace> = {
  id: "faithfulness",
  name: "Faithfulness",
  requires: ["question", "answer", "contexts"],
  usesEmbeddings: false,
  prompts: [statementsPrompt, verdictsPrompt],
  async run(ctx) {
    const { question, answer, contexts } = ctx.sample;
    const extracted = await ask(ctx, statementsPrompt, { question, answer }, undefined, PRIORITY.feedsNextStep);
    const texts = extracted.statements.map((s) => s.trim()).filter((s) => s.length > 0);
    if (texts.length === 0) return { statements: [] };

    const prompt = ctx.prompt(verdictsPrompt);
    const oneVerdictEach = verdictsOutput.superRefine((value, issue) => {
      const problem = coversEachOnce(
        value.verdicts.map((v) => v.statement),
        texts.length,
        "statement",
      );
      if (problem) issue.addIssue({ code: "custom", message: problem, path: ["verdicts"] });
    });
    const judged = await ask(
      ctx,
      verdictsPrompt,
      { context: contexts.join("\n\n"), statements: numbered(texts) },
      { ...prompt.output, schema: oneVerdictEach },
      PRIORITY.finishesSample,
    );
    const byNumber = new Map(judged.verdicts.map((v) => [v.statement, v]));
    return {
      statements: texts.map((text, i) => {
        const v = byNumber.get(i + 1)!;
        return { text, verdict: v.verdict, reason: v.reason };
      }),
    };
  },
  score: scoreFaithfulness,
  explain: explainFaithfulness,
};
