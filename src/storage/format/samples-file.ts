import { normalizeSample, type Sample } from "../../engine/sample";
import { detectKind, type DataFileKind } from "./file-kind";
import { csvRecords } from "./samples-csv";
import { jsonRecords, jsonlRecords, type RawRecord } from "./samples-json";

/**
 * Dataset files in (DESIGN.md contract 2): JSON, JSON Lines or CSV, our field names or ragas'.
 * Every problem names the file, the row as a person counts it and the field, because "invalid
 * input" on a 2,000-row file sends people hunting.
 */

export interface FileIssue {
  file: string;
  /** 1-based: array position (JSON), line (JSON Lines), spreadsheet row with the header as 1 (CSV). */
  row?: number;
  /** Text line where the row starts, when it differs from the row (multi-line CSV cells). */
  line?: number;
  field?: string;
  message: string;
}

export interface SamplesFile {
  kind: DataFileKind;
  samples: Sample[];
  errors: FileIssue[];
  /** Things we fixed up and the user may want to know (renamed duplicate ids, ignored columns). */
  warnings: FileIssue[];
}

/** Thrown by readSamplesFile; its message is the first problem, on one line. */
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

/** Parses everything it can and lists every problem; an import should refuse a file with errors. */
export function parseSamplesFile(text: string, fileName: string, kind: DataFileKind = detectKind(fileName, text)): SamplesFile {
  const file = baseName(fileName);
  const read = kind === "csv" ? csvRecords(text, file) : kind === "jsonl" ? jsonlRecords(text, file) : jsonRecords(text, file);
  const errors = [...read.errors];
  const warnings = [...read.warnings];
  const samples: Sample[] = [];
  const used = new Map<string, number>();

  for (const rec of read.records) {
    const normalized = normalizeOne(rec, file);
    if ("issues" in normalized) {
      errors.push(...normalized.issues);
      continue;
    }
    const sample = normalized.sample;
    const firstRow = used.get(sample.id);
    if (firstRow !== undefined) {
      const renamed = uniqueId(`row-${rec.row}`, used);
      warnings.push({ file, row: rec.row, field: "id", message: `id "${sample.id}" is already used by row ${firstRow}; renamed to "${renamed}"` });
      sample.id = renamed;
    }
    used.set(sample.id, rec.row);
    samples.push(sample);
  }
  if (samples.length === 0 && errors.length === 0) errors.push({ file, message: "no samples found (expected records with question, answer and contexts)" });
  return { kind, samples, errors, warnings };
}

/** The samples, or a SamplesFileError when the file has any problem. */
export function readSamplesFile(text: string, fileName: string, kind?: DataFileKind): { samples: Sample[]; warnings: FileIssue[] } {
  const parsed = parseSamplesFile(text, fileName, kind);
  if (parsed.errors.length > 0) throw new SamplesFileError(parsed.errors);
  return { samples: parsed.samples, warnings: parsed.warnings };
}

function normalizeOne(rec: RawRecord, file: string): { sample: Sample } | { issues: FileIssue[] } {
  const at = { file, row: rec.row, ...(rec.line !== undefined ? { line: rec.line } : {}) };
  if (typeof rec.value !== "object" || rec.value === null || Array.isArray(rec.value)) {
    return { issues: [{ ...at, message: "expected an object with question, answer and contexts" }] };
  }
  const out = normalizeSample(rec.value, `row-${rec.row}`);
  if ("sample" in out) return out;
  return { issues: out.issues.map((issue) => ({ ...at, field: issue.field, message: issue.message })) };
}

function uniqueId(base: string, used: Map<string, number>): string {
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}
