import { extractStatements, verifyStatements, zipVerdicts } from "../shared/steps";
import { faithfulnessDisplay } from "./display";
import type { MetricDefinition } from "../definition";
import { statementsPrompt, verdictsPrompt } from "./prompts";
import { explainFaithfulness, scoreFaithfulness, type FaithfulnessTrace } from "./score";
import { faithfulnessTraceFields } from "./trace";

export const faithfulness: MetricDefinition<FaithfulnessTrace> = {
  id: "faithfulness",
  name: "Faithfulness",
  ...faithfulnessDisplay,
  family: "paper",
  batchRounds: 2,
  requires: ["question", "answer", "contexts"],
  usesEmbeddings: false,
  prompts: [statementsPrompt, verdictsPrompt],
  calls: () => ({ chat: 2, embedding: 0 }),
  async run(ctx) {
    const { question, answer, contexts } = ctx.sample;
    const statements = await extractStatements(ctx, question, answer);
    if (statements.length === 0) return { statements: [] };
    // One verdict per statement, by position, against the joined contexts.
    const verdicts = await verifyStatements(ctx, statements, contexts.join("\n\n"));
    return { statements: zipVerdicts(statements, verdicts) };
  },
  score: scoreFaithfulness,
  explain: explainFaithfulness,
  traceFields: faithfulnessTraceFields,
  traceItems: "statements",
};
