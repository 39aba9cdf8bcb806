import type { MetricId } from "../../../engine";

/**
 * What changed between two traces of the same metric on the same sample: which statements
 * changed verdict, which contexts changed usefulness, which items appeared or disappeared.
 * Items are matched by their text (the judge writes the statements, so an edited prompt may
 * word them differently: those show as removed + added, which is the honest reading).
 */

/** One judged item of a trace, reduced to what a diff needs. */
interface TraceItem {
  key: string;
  text: string;
  /** The verdict or flag (0/1), or for answer relevancy the similarity. */
  value: number;
  reason?: string;
  /** Context number (1-based) for context relevance sentences. */
  context?: number;
}

interface TraceChange {
  kind: "changed" | "added" | "removed";
  text: string;
  before?: number;
  after?: number;
  reasonBefore?: string;
  reasonAfter?: string;
  context?: number;
}

export interface TraceDiff {
  /** How the metric's items are judged: a 0/1 flag, or a similarity score. */
  valueKind: "flag" | "similarity";
  changes: TraceChange[];
  unchanged: number;
}

type Row = Record<string, unknown>;
const rows = (trace: unknown, field: string): Row[] => {
  const list = (trace as Record<string, unknown> | null | undefined)?.[field];
  return Array.isArray(list) ? (list.filter((r) => typeof r === "object" && r !== null) as Row[]) : [];
};
const str = (v: unknown) => (typeof v === "string" ? v : "");
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

function traceItems(metricId: MetricId, trace: unknown): TraceItem[] {
  switch (metricId) {
    case "faithfulness":
      return rows(trace, "statements").map((r) => ({ key: norm(str(r.text)), text: str(r.text), value: num(r.verdict), reason: str(r.reason) }));
    case "context_recall":
      return rows(trace, "statements").map((r) => ({ key: norm(str(r.text)), text: str(r.text), value: num(r.attributed), reason: str(r.reason) }));
    case "answer_correctness":
      return [...rows(trace, "statements"), ...rows(trace, "referenceStatements")].map((r) => ({
        key: norm(str(r.text)),
        text: str(r.text),
        value: num(r.verdict),
      }));
    case "factual_correctness":
      return [...rows(trace, "claims"), ...rows(trace, "referenceClaims")].map((r) => ({ key: norm(str(r.text)), text: str(r.text), value: num(r.verdict) }));
    case "noise_sensitivity":
      return rows(trace, "statements").map((r) => ({ key: norm(str(r.text)), text: str(r.text), value: num(r.correct), reason: str(r.reason) }));
    case "context_precision":
    case "context_utilization":
      return rows(trace, "contexts").map((r) => ({
        key: `#${num(r.index)}`,
        text: `#${num(r.index) + 1}`,
        value: num(r.verdict),
        reason: str(r.reason),
        context: num(r.index) + 1,
      }));
    case "context_relevance":
      return rows(trace, "sentences").map((r) => ({
        key: `${num(r.context)}:${norm(str(r.text))}`,
        text: str(r.text),
        value: num(r.relevant),
        context: num(r.context) + 1,
      }));
    case "answer_relevancy":
      return rows(trace, "questions").map((r) => ({ key: norm(str(r.text)), text: str(r.text), value: num(r.similarity) }));
    // Entity lists and a similarity have no per-item verdict; the score line shows what moved.
    case "context_entity_recall":
    case "semantic_similarity":
    // No prompt, so nothing for the studio to diff.
    case "bleu":
    case "chrf":
    case "rouge_l":
    case "string_similarity":
    case "exact_match":
    case "string_presence":
    case "id_context_precision":
    case "id_context_recall":
    case "hit_rate":
    case "precision_at_k":
    case "recall_at_k":
    case "mrr":
    case "average_precision":
    case "ndcg_at_k":
    case "r_precision":
      return [];
  }
}

/** Items with the same key are matched in order (a repeated statement is matched once per copy). */
export function diffTraces(metricId: MetricId, before: unknown, after: unknown): TraceDiff {
  const valueKind = metricId === "answer_relevancy" ? "similarity" : "flag";
  const differs = (a: number, b: number) => (valueKind === "flag" ? a !== b : Math.abs(a - b) >= 0.005);
  const left = traceItems(metricId, before);
  const right = traceItems(metricId, after);
  const pool = new Map<string, TraceItem[]>();
  for (const item of left) pool.set(item.key, [...(pool.get(item.key) ?? []), item]);

  const changes: TraceChange[] = [];
  const added: TraceChange[] = [];
  let unchanged = 0;
  for (const item of right) {
    const match = pool.get(item.key)?.shift();
    if (!match) {
      added.push(withContext({ kind: "added", text: item.text, after: item.value, ...(item.reason ? { reasonAfter: item.reason } : {}) }, item));
    } else if (differs(match.value, item.value)) {
      changes.push(
        withContext(
          {
            kind: "changed",
            text: item.text,
            before: match.value,
            after: item.value,
            ...(match.reason ? { reasonBefore: match.reason } : {}),
            ...(item.reason ? { reasonAfter: item.reason } : {}),
          },
          item,
        ),
      );
    } else {
      unchanged++;
    }
  }
  const removed = [...pool.values()]
    .flat()
    .map((item) => withContext({ kind: "removed" as const, text: item.text, before: item.value, ...(item.reason ? { reasonBefore: item.reason } : {}) }, item));
  // Order the eye wants: what flipped first, then what the new prompt dropped or added.
  removed.sort((a, b) => left.findIndex((i) => i.text === a.text) - left.findIndex((i) => i.text === b.text));
  return { valueKind, changes: [...changes, ...removed, ...added], unchanged };
}

function withContext(change: TraceChange, item: TraceItem): TraceChange {
  return item.context !== undefined ? { ...change, context: item.context } : change;
}
