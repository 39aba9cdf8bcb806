import type { Sample } from "../../engine/sample";

/**
 * Types shared by the dataset readers (CSV, JSON, parquet) and the sample builder. They live in
 * their own file so the readers never import each other (no import circle).
 */

export type DataFileKind = "csv" | "json" | "jsonl" | "parquet";

export interface FileIssue {
  file: string;
  /**
   * 1-based: array position (JSON), line (JSON Lines), data row after the header (CSV: the first
   * sample is row 1, and `line` says where it is in the text), record (parquet). A sample without
   * an id gets `row-<row>`.
   */
  row?: number;
  /** Text line where the row starts, when it differs from the row (multi-line CSV cells). */
  line?: number;
  field?: string;
  message: string;
}

/** A file as rows of raw cells, before any column is given a meaning. */
export interface RawTable {
  file: string;
  kind: DataFileKind;
  columns: string[];
  rows: Record<string, unknown>[];
  /** The row number of each row as a person counts it, when it is not simply its position (see FileIssue.row). */
  rowNumbers?: number[];
  /** The text line each row starts on (CSV: the header is line 1, so a row's line is never its number). */
  lines?: number[];
  /** Rows that could not be read at all (a JSON Lines line that does not parse, a CSV row with too many cells). */
  rowErrors?: FileIssue[];
  /** Things the reader fixed up that the user may want to know (a guessed text encoding). */
  warnings?: FileIssue[];
}

/** How a list cell was read (DESIGN.md contract 2; see list-cell.ts). */
export type ListReadAs = "json" | "python" | "numpy" | "single";

export interface SamplesFile {
  kind: DataFileKind;
  /** Every sample when the file has no error; empty as soon as one error exists, so a failed import stores nothing. */
  samples: Sample[];
  errors: FileIssue[];
  /** Things we fixed up and the user may want to know (ignored columns, how list cells were read). */
  warnings: FileIssue[];
  /** The rows without any problem, for "store only the valid rows"; `leftOut` counts the rows that had one. */
  valid: { samples: Sample[]; leftOut: number };
  /** How many contexts cells were read each way, so the user can see what was parsed. */
  contextsReadAs: Partial<Record<ListReadAs, number>>;
}

/** Thrown by readTable and requireSamples; its message is the first problem, on one line. */
export class SamplesFileError extends Error {
  constructor(readonly issues: FileIssue[]) {
    super(issues.length > 1 ? `${formatIssue(issues[0]!)} (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})` : formatIssue(issues[0]!));
    this.name = "SamplesFileError";
  }
}

/** `data.csv row 3, field "contexts": expected ...` */
export function formatIssue(issue: FileIssue): string {
  let where = issue.file;
  if (issue.row !== undefined) where += ` row ${issue.row}`;
  if (issue.line !== undefined && issue.line !== issue.row) where += ` (line ${issue.line})`;
  if (issue.field !== undefined) where += `, field "${issue.field}"`;
  return `${where}: ${issue.message}`;
}

export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}
