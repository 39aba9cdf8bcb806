import { type CallRecord, metricShape, type TraceDiffItem } from "../../../engine";

/**
 * What changed between two traces of the same metric on the same sample: which statements
 * changed verdict, which contexts changed usefulness, which items appeared or disappeared.
 * Items are matched by their text (the judge writes the statements, so an edited prompt may
 * word them differently: those show as removed + added, which is the honest reading).
 */

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

/**
 * The metric's own diff items (its folder's traceDiff), read from a trace that is one it wrote;
 * anything else (a coded null's trace, a metric with nothing to diff) has no items.
 */
function itemsOf(metricId: string, trace: unknown): TraceDiffItem[] {
  const shape = metricShape(metricId);
  if (!shape?.traceDiff) return [];
  const parsed = shape.traceFields.safeParse(trace);
  return parsed.success ? shape.traceDiff.items(trace as { calls: CallRecord[] }) : [];
}

/** Items with the same key are matched in order (a repeated statement is matched once per copy). */
export function diffTraces(metricId: string, before: unknown, after: unknown): TraceDiff {
  const valueKind = metricShape(metricId)?.traceDiff?.valueKind ?? "flag";
  const differs = (a: number, b: number) => (valueKind === "flag" ? a !== b : Math.abs(a - b) >= 0.005);
  const left = itemsOf(metricId, before);
  const right = itemsOf(metricId, after);
  const pool = new Map<string, TraceDiffItem[]>();
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

function withContext(change: TraceChange, item: TraceDiffItem): TraceChange {
  return item.context !== undefined ? { ...change, context: item.context } : change;
}
