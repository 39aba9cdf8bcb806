import { numbered } from "../../prompts/render";
import { ask, askEach, PRIORITY } from "../shared/ask";
import type { MetricDefinition } from "../types";
import { statementsPrompt, verdictsOutputFor, verdictsPrompt } from "./prompts";
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

    // One verdict per statement, by position: the schema sent says exactly texts.length of them.
    const context = contexts.join("\n\n");
    const verdicts = await askEach(
      ctx,
      verdictsPrompt,
      texts.length,
      (items) => ({ context, statements: numbered(items.map((i) => texts[i]!)) }),
      verdictsOutputFor,
      PRIORITY.finishesSample,
    );
    return { statements: texts.map((text, i) => ({ text, verdict: verdicts[i]!.verdict, reason: verdicts[i]!.reason })) };
  },
  score: scoreFaithfulness,
  explain: explainFaithfulness,
};
