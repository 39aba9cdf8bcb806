import type { ColumnMapping, FileIssue, MappedSamples, RawTable } from "./format-api";

/** Messages between the Datasets view and its import worker (structured-clone safe). */

export type ToWorker = { type: "read"; name: string; bytes: Uint8Array } | { type: "map"; requestId: number; mapping: ColumnMapping };

/** What the view needs of a table before mapping: its columns and its first rows, not all of it. */
export interface TableInfo {
  file: string;
  kind: RawTable["kind"];
  columns: string[];
  rowCount: number;
  preview: Record<string, unknown>[];
  /** Row numbers of the preview rows as a person counts them, when not simply their position. */
  previewRows?: number[];
}

export type FromWorker =
  | { type: "progress"; fraction: number }
  | { type: "table"; table: TableInfo }
  | { type: "mapped"; requestId: number; result: MappedSamples }
  | { type: "failed"; message: string; issues: FileIssue[] };

export const PREVIEW_ROWS = 5;
