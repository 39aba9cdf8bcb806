import type { MetricId, MetricResult } from "../../../engine";
import type { Messages } from "../i18n/en";

/**
 * The card's one-line "why", told from the trace in the UI language (the engine's own English
 * reason goes into reports). Only counts are taken here; the score itself is the engine's.
 * Undefined when the trace has nothing to count; the card then shows the engine's reason.
 */
export function traceSummary(t: Messages, id: MetricId, result: MetricResult): string | undefined {
  const trace = result.trace as Record<string, unknown>;
  const list = <T>(name: string) => (Array.isArray(trace[name]) ? (trace[name] as T[]) : []);
  const count = <T>(items: T[], yes: (item: T) => boolean) => items.filter(yes).length;
  switch (id) {
    case "faithfulness": {
      const items = list<{ verdict: number }>("statements");
      return items.length
        ? t.summary.faithfulness(
            count(items, (s) => s.verdict === 1),
            items.length,
          )
        : undefined;
    }
    case "answer_relevancy": {
      const items = list<{ similarity: number; noncommittal: number }>("questions");
      if (!items.length) return undefined;
      const evasive = count(items, (q) => q.noncommittal === 1);
      if (evasive === items.length) return t.summary.allNoncommittal;
      const mean = items.reduce((sum, q) => sum + q.similarity, 0) / items.length;
      return t.summary.answerRelevancy(items.length, mean.toFixed(2), evasive);
    }
    case "context_relevance": {
      const items = list<{ relevant: number }>("sentences");
      return items.length
        ? t.summary.contextRelevance(
            count(items, (s) => s.relevant === 1),
            items.length,
          )
        : undefined;
    }
    case "context_precision": {
      const items = list<{ verdict: number }>("contexts");
      return items.length
        ? t.summary.contextPrecision(
            count(items, (c) => c.verdict === 1),
            items.length,
          )
        : undefined;
    }
    case "context_recall": {
      const items = list<{ attributed: number }>("statements");
      return items.length
        ? t.summary.contextRecall(
            count(items, (s) => s.attributed === 1),
            items.length,
          )
        : undefined;
    }
  }
}
