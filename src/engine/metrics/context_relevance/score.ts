import { scored, unscored, type CallRecord, type ScoreOutcome } from "../../result";

interface ContextSentence {
  text: string;
  /** 0-based index of the context the sentence belongs to. */
  context: number;
  relevant: 0 | 1;
}

export interface ContextRelevanceTrace {
  sentences: ContextSentence[];
  calls: CallRecord[];
}

/** Needed sentences / all sentences of the contexts. */
export function scoreContextRelevance(trace: Pick<ContextRelevanceTrace, "sentences">): ScoreOutcome {
  const n = trace.sentences.length;
  if (n === 0) return unscored("missing_input", "the contexts contain no sentences");
  return scored(trace.sentences.reduce((sum, s) => sum + s.relevant, 0) / n);
}

export function explainContextRelevance(trace: ContextRelevanceTrace, outcome: ScoreOutcome): string {
  if (outcome.score === null) return outcome.error.message;
  const needed = trace.sentences.filter((s) => s.relevant === 1).length;
  const contexts = new Set(trace.sentences.map((s) => s.context)).size;
  return `${needed} of ${trace.sentences.length} sentences across ${contexts} context${contexts === 1 ? "" : "s"} are needed to answer the question.`;
}
