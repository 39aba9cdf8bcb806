import { numbered } from "../../prompts/render";
import { splitSentences } from "../../text/sentences";
import { ask } from "../shared/ask";
import type { MetricDefinition } from "../types";
import { neededOutputFor, neededSentencesPrompt } from "./prompts";
import { explainContextRelevance, scoreContextRelevance, type ContextRelevanceTrace } from "./score";

export const contextRelevance: MetricDefinition<ContextRelevanceTrace> = {
  id: "context_relevance",
  name: "Context relevance",
  requires: ["question", "contexts"],
  usesEmbeddings: false,
  prompts: [neededSentencesPrompt],
  calls: () => ({ chat: 1, embedding: 0 }),
  async run(ctx) {
    // Each context is split on its own, so a sentence never spans two contexts.
    const sentences = ctx.sample.contexts.flatMap((text, context) => splitSentences(text).map((s) => ({ text: s, context })));
    if (sentences.length === 0) return { sentences: [] };

    const input = { question: ctx.sample.question, sentences: numbered(sentences.map((s) => s.text)) };
    const needed = new Set(await ask(ctx, neededSentencesPrompt, input, neededOutputFor(sentences.length)));
    return { sentences: sentences.map((s, i) => ({ ...s, relevant: needed.has(i + 1) ? 1 : 0 })) };
  },
  score: scoreContextRelevance,
  explain: explainContextRelevance,
};
