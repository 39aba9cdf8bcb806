import type { AnyMetricId } from "../../../engine/metrics/types";
import { scoreOf, type ExplorerRow } from "./rows";

export type Comparison = "<" | "<=" | ">" | ">=";

/**
 * What the table shows. A threshold needs a metric ("faithfulness < 0.5"; nulls never match a
 * threshold); "nulls only" and an error code look at the chosen metric, or at every metric when
 * none is chosen; the text search looks at the id, question and answer.
 */
export interface RowFilter {
  metric?: AnyMetricId;
  op?: Comparison;
  threshold?: number;
  nullsOnly?: boolean;
  code?: string;
  text?: string;
  /** Against the report's thresholds (contract 14): "fail" = some result shown fails (a null fails), "pass" = every thresholded one passes. */
  pass?: "pass" | "fail";
}

export type SortKey = "index" | "id" | AnyMetricId;
export interface RowSort {
  key: SortKey;
  dir: "asc" | "desc";
}

function compare(value: number, op: Comparison, threshold: number): boolean {
  switch (op) {
    case "<":
      return value < threshold;
    case "<=":
      return value <= threshold;
    case ">":
      return value > threshold;
    case ">=":
      return value >= threshold;
  }
}

function matches(row: ExplorerRow, filter: RowFilter): boolean {
  const results = filter.metric ? [row.metrics[filter.metric]] : Object.values(row.metrics);
  if (filter.metric && filter.op && filter.threshold !== undefined && Number.isFinite(filter.threshold)) {
    const score = scoreOf(row, filter.metric);
    if (typeof score !== "number" || !compare(score, filter.op, filter.threshold)) return false;
  }
  if (filter.nullsOnly && !results.some((m) => m?.score === null)) return false;
  if (filter.code && !results.some((m) => m?.score === null && m.error?.code === filter.code)) return false;
  if (filter.pass && !passMatches(results, filter.pass)) return false;
  const text = filter.text?.trim().toLowerCase();
  if (text) {
    const { id, question, answer } = row.sample;
    if (![id, question, answer].some((s) => s.toLowerCase().includes(text))) return false;
  }
  return true;
}

/** Only results with a pass mark count: a metric without a threshold neither passes nor fails. */
function passMatches(results: readonly (ExplorerRow["metrics"][AnyMetricId] | undefined)[], want: "pass" | "fail"): boolean {
  const marks = results.flatMap((m) => (typeof m?.pass === "boolean" ? [m.pass] : []));
  if (marks.length === 0) return false;
  return want === "fail" ? marks.includes(false) : marks.every(Boolean);
}

export function filterRows(rows: readonly ExplorerRow[], filter: RowFilter): ExplorerRow[] {
  return rows.filter((row) => matches(row, filter));
}

/** Sorted copy; rows without a score (null or not run) go last in either direction. */
export function sortRows(rows: readonly ExplorerRow[], sort: RowSort): ExplorerRow[] {
  const sign = sort.dir === "asc" ? 1 : -1;
  const out = [...rows];
  if (sort.key === "index") return sort.dir === "asc" ? out : out.reverse();
  if (sort.key === "id") return out.sort((a, b) => sign * a.sample.id.localeCompare(b.sample.id, undefined, { numeric: true }) || a.index - b.index);
  const key = sort.key;
  return out.sort((a, b) => {
    const x = scoreOf(a, key);
    const y = scoreOf(b, key);
    const xs = typeof x === "number";
    const ys = typeof y === "number";
    if (xs && ys) return sign * (x - y) || a.index - b.index;
    if (xs !== ys) return xs ? -1 : 1;
    return a.index - b.index;
  });
}
