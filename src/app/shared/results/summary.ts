import { type AnyMetricId, entityKey, isCustomId, type MetricResult, type NoiseSensitivityTrace, noisyStatements } from "../../../engine";
import type { Messages } from "../i18n/en";

/**
 * The card's one-line "why", told from the trace in the UI language (the engine's own English
 * reason goes into reports). Only counts are taken here; the score itself is the engine's.
 * Undefined when the trace has nothing to count; the card then shows the engine's reason.
 */
export function traceSummary(t: Messages, id: AnyMetricId, result: MetricResult): string | undefined {
  const trace = result.trace as Record<string, unknown>;
  const list = <T>(name: string) => (Array.isArray(trace[name]) ? (trace[name] as T[]) : []);
  const count = <T>(items: T[], yes: (item: T) => boolean) => items.filter(yes).length;
  const share = (items: { verdict: number }[]) => (items.length ? (count(items, (i) => i.verdict === 1) / items.length).toFixed(2) : "–");
  if (isCustomId(id)) {
    const votes = list<{ value: number }>("votes");
    if (!votes.length) return undefined;
    if (trace.scale === "binary")
      return t.more.summaryVotes(
        count(votes, (v) => v.value === 1),
        votes.length,
      );
    return t.more.summaryRubric((votes.reduce((sum, v) => sum + v.value, 0) / votes.length).toFixed(2), votes.length);
  }
  switch (id) {
    case "answer_correctness": {
      const answer = list<{ verdict: number }>("statements");
      const reference = list<{ verdict: number }>("referenceStatements");
      if (!answer.length && !reference.length) return undefined;
      const tp = count(answer, (s) => s.verdict === 1);
      return t.more.summaryCorrectness(
        tp,
        answer.length - tp,
        count(reference, (s) => s.verdict === 0),
      );
    }
    case "factual_correctness": {
      const claims = list<{ verdict: number }>("claims");
      const referenceClaims = list<{ verdict: number }>("referenceClaims");
      return claims.length || referenceClaims.length ? t.more.summaryFactual(share(claims), share(referenceClaims)) : undefined;
    }
    case "noise_sensitivity": {
      const statements = list<{ correct: number }>("statements");
      if (!statements.length || (trace.mode !== "relevant" && trace.mode !== "irrelevant")) return undefined;
      // Counted by the engine's own rule (the score's numerator), told in the UI language.
      const noisy = noisyStatements(result.trace as unknown as NoiseSensitivityTrace).length;
      return t.more.summaryNoise(
        noisy,
        statements.length,
        count(statements, (s) => s.correct === 0),
        trace.mode,
      );
    }
    case "context_entity_recall": {
      const reference = [...new Set(list<string>("referenceEntities").map(entityKey))].filter(Boolean);
      const inContexts = new Set(list<string>("contextEntities").map(entityKey));
      return reference.length
        ? t.more.summaryEntities(
            count(reference, (e) => inContexts.has(e)),
            reference.length,
          )
        : undefined;
    }
    case "context_utilization": {
      const items = list<{ verdict: number }>("contexts");
      return items.length
        ? t.summary.contextUtilization(
            count(items, (c) => c.verdict === 1),
            items.length,
          )
        : undefined;
    }
    case "semantic_similarity":
      return typeof trace.similarity === "number" ? t.more.cosine(trace.similarity.toFixed(3)) : undefined;
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
    case "bleu": {
      const tokens = list<string>("answerTokens");
      const matches = list<number>("matches");
      const bp = typeof trace.brevityPenalty === "number" ? trace.brevityPenalty : undefined;
      return tokens.length && matches.length && bp !== undefined ? t.summary.bleu(matches[0]!, tokens.length, bp.toFixed(3)) : undefined;
    }
    case "rouge_l": {
      const answer = list<string>("answerTokens");
      const reference = list<string>("referenceTokens");
      return typeof trace.lcs === "number" ? t.summary.rougeL(trace.lcs, answer.length, reference.length) : undefined;
    }
    case "chrf":
      return list("orders").length ? t.summary.chrf : undefined;
    case "string_similarity": {
      const longest = Math.max(Number(trace.answerLength) || 0, Number(trace.referenceLength) || 0);
      return typeof trace.distance === "number" ? t.summary.stringSimilarity(trace.distance, longest) : undefined;
    }
    case "exact_match":
      return trace.match === 0 || trace.match === 1 ? t.summary.exactMatch(trace.match === 1) : undefined;
    case "string_presence":
      return trace.present === 0 || trace.present === 1 ? t.summary.stringPresence(trace.present === 1) : undefined;
    case "id_context_precision":
    case "id_context_recall":
    case "hit_rate":
    case "precision_at_k":
    case "recall_at_k":
    case "mrr":
    case "average_precision":
    case "ndcg_at_k":
    case "r_precision": {
      const retrieved = list<{ rank: number; gain: number }>("retrieved");
      if (typeof trace.relevantCount !== "number") return undefined;
      // R-precision has no k but counts the first R ranks.
      const k = typeof trace.k === "number" ? trace.k : id === "r_precision" ? trace.relevantCount : null;
      const hits = retrieved.filter((item) => item.gain > 0 && (k === null || item.rank <= k)).length;
      return t.summary.ranked(hits, k === null ? t.summary.allRanks : t.summary.withinK(k), trace.relevantCount);
    }
  }
}
