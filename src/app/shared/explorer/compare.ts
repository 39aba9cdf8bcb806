import type { MetricId } from "../../../engine/metrics/types";
import type { Report } from "../../../storage/format/report-schema";
import { metricIdsOf, rowsOf, scoreOf, type ExplorerRow } from "./rows";
import { metricStats, ragasScoreOf } from "./stats";

/** Two reports side by side, samples matched by id. Deltas are B - A. */
export interface CompareRow {
  id: string;
  a: ExplorerRow;
  b: ExplorerRow;
  deltas: Partial<Record<MetricId, number>>;
  /** Largest |delta| of the row (0 when no metric was scored in both). */
  size: number;
  /** Metrics where one side scored and the other is null. */
  nullMismatch: MetricId[];
  disagree: boolean;
}

interface MetricDelta {
  metric: MetricId;
  a: number | null;
  b: number | null;
  delta: number | null;
  nullsA: number;
  nullsB: number;
}

export interface Comparison {
  metrics: MetricId[];
  summary: MetricDelta[];
  ragas: { a: number | null; b: number | null; delta: number | null };
  /** Matched rows, largest change first. */
  rows: CompareRow[];
  onlyA: string[];
  onlyB: string[];
}

const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);

/** `threshold`: a |delta| above it makes a row disagree (as does a scored/null mismatch). */
export function compareReports(ra: Report, rb: Report, threshold: number): Comparison {
  const inB = new Set(metricIdsOf(rb));
  const metrics = metricIdsOf(ra).filter((m) => inB.has(m));
  const rowsA = rowsOf(ra);
  const rowsB = new Map(rowsOf(rb).map((r) => [r.sample.id, r]));
  const idsA = new Set(rowsA.map((r) => r.sample.id));
  const rows: CompareRow[] = [];
  for (const a of rowsA) {
    const b = rowsB.get(a.sample.id);
    if (!b) continue;
    const deltas: CompareRow["deltas"] = {};
    const nullMismatch: MetricId[] = [];
    let size = 0;
    for (const m of metrics) {
      const x = scoreOf(a, m);
      const y = scoreOf(b, m);
      if (typeof x === "number" && typeof y === "number") {
        deltas[m] = y - x;
        size = Math.max(size, Math.abs(y - x));
      } else if ((typeof x === "number" && y === null) || (x === null && typeof y === "number")) nullMismatch.push(m);
    }
    rows.push({ id: a.sample.id, a, b, deltas, size, nullMismatch, disagree: nullMismatch.length > 0 || size > threshold });
  }
  rows.sort((x, y) => y.size - x.size || Number(y.nullMismatch.length > 0) - Number(x.nullMismatch.length > 0) || x.a.index - y.a.index);
  const matchedA = rows.map((r) => r.a);
  const matchedB = rows.map((r) => r.b);
  const summary = metrics.map((metric) => {
    const sa = metricStats(matchedA, metric);
    const sb = metricStats(matchedB, metric);
    return { metric, a: sa.mean, b: sb.mean, delta: diff(sa.mean, sb.mean), nullsA: sa.nullCount, nullsB: sb.nullCount, sa, sb };
  });
  const ragasA = ragasScoreOf(summary.map((s) => [s.metric, s.sa] as const));
  const ragasB = ragasScoreOf(summary.map((s) => [s.metric, s.sb] as const));
  return {
    metrics,
    summary: summary.map(({ sa: _a, sb: _b, ...rest }) => rest),
    ragas: { a: ragasA, b: ragasB, delta: diff(ragasA, ragasB) },
    rows,
    onlyA: [...idsA].filter((id) => !rowsB.has(id)),
    onlyB: [...rowsB.keys()].filter((id) => !idsA.has(id)),
  };
}
