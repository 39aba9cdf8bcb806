import { numbered } from "../../prompts/render";
import type { Sample } from "../../sample";
import { splitSentences } from "../../text/sentences";
import { ask } from "../shared/ask";
import { contextRelevanceDisplay } from "./display";
import type { MetricDefinition } from "../definition";
import { neededOutputFor, neededSentencesPrompt } from "./prompts";
import { explainContextRelevance, scoreContextRelevance, type ContextRelevanceTrace } from "./score";
import { sentenceWindows, windowCount } from "./windows";
import { contextRelevanceTraceFields } from "./trace";

/** Each context is split on its own, so a sentence never spans two contexts. */
function sentencesOf(sample: Sample): { text: string; context: number }[] {
  return sample.contexts.flatMap((text, context) => splitSentences(text).map((s) => ({ text: s, context })));
}

export const contextRelevance: MetricDefinition<ContextRelevanceTrace> = {
  id: "context_relevance",
  name: "Context relevance",
  ...contextRelevanceDisplay,
  family: "paper",
  batchRounds: 1,
  requires: ["question", "contexts"],
  usesEmbeddings: false,
  prompts: [neededSentencesPrompt],
  calls: (sample) => ({ chat: windowCount(sentencesOf(sample).length), embedding: 0 }),
  async run(ctx) {
    const sentences = sentencesOf(ctx.sample);
    if (sentences.length === 0) return { sentences: [] };

    // Sentence numbers are an enum of at most MAX_ENUM members: more sentences are asked about
    // in windows (in parallel), each numbered 1..m in its own call, and mapped back here.
    const windows = sentenceWindows(sentences.map((s) => s.context));
    const neededPerWindow = await Promise.all(
      windows.map(async ({ start, end }) => {
        const input = { question: ctx.sample.question, sentences: numbered(sentences.slice(start, end).map((s) => s.text)) };
        const needed = await ask(ctx, neededSentencesPrompt, input, neededOutputFor(end - start));
        return needed.map((k) => start + k - 1);
      }),
    );
    const needed = new Set(neededPerWindow.flat());
    return { sentences: sentences.map((s, i) => ({ ...s, relevant: needed.has(i) ? 1 : 0 })) };
  },
  score: scoreContextRelevance,
  explain: explainContextRelevance,
  traceFields: contextRelevanceTraceFields,
  traceItems: "sentences",
};
