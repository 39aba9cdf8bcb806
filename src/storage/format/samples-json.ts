import { guessMapping } from "./columns";
import { parseReport, REPORT_FORMAT } from "./report-parse";
import { type FileIssue, type RawTable, SamplesFileError } from "./samples-types";

/**
 * A JSON dataset is an array of records, `{ samples: [...] }`, a column table as ragas'
 * `Dataset.to_dict()` writes it (`{ question: [...], answer: [...] }`), one sample object, or one
 * of our reports (so a report's samples can be scored again).
 */
export function jsonTable(text: string, file: string): RawTable {
  const body = stripBom(text);
  if (body.trim() === "") throw new SamplesFileError([{ file, message: "the file is empty (expected a list of samples)" }]);
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch (error) {
    throw new SamplesFileError([{ file, ...lineOf(body, (error as Error).message), message: `not valid JSON (${(error as Error).message})` }]);
  }
  if (Array.isArray(doc))
    return fromRecords(
      file,
      "json",
      doc.map((value, i) => ({ value, row: i + 1 })),
    );
  if (typeof doc !== "object" || doc === null) throw new SamplesFileError([{ file, message: 'expected a list of samples or an object with a "samples" list' }]);
  const obj = doc as Record<string, unknown>;
  if (obj.format === REPORT_FORMAT) {
    const report = parseReport(body, file);
    if (!report.ok) throw new SamplesFileError([{ file, message: report.error.message.replace(`${file}: `, "") }]);
    return fromRecords(
      file,
      "json",
      report.report.samples.map((value, i) => ({ value, row: i + 1 })),
    );
  }
  if (Array.isArray(obj.samples))
    return fromRecords(
      file,
      "json",
      obj.samples.map((value, i) => ({ value, row: i + 1 })),
    );
  const columns = columnTable(obj);
  if (columns) return fromRecords(file, "json", columns);
  if (holdsQuestion(obj)) return fromRecords(file, "json", [{ value: obj, row: 1 }]);
  throw new SamplesFileError([{ file, message: 'expected a list of samples, an object with a "samples" list, or a report' }]);
}

/** JSON Lines: one record per line; blank lines are allowed; the row is the line number. */
export function jsonlTable(text: string, file: string): RawTable {
  const records: RawRecord[] = [];
  const errors: FileIssue[] = [];
  stripBom(text)
    .split(/\r?\n/)
    .forEach((lineText, i) => {
      if (lineText.trim() === "") return;
      try {
        records.push({ value: JSON.parse(lineText), row: i + 1 });
      } catch (error) {
        errors.push({ file, row: i + 1, message: `not valid JSON (${(error as Error).message})` });
      }
    });
  if (records.length === 0 && errors.length === 0) throw new SamplesFileError([{ file, message: "the file is empty (expected one JSON object per line)" }]);
  const table = fromRecords(file, "jsonl", records);
  if (errors.length > 0) table.rowErrors = [...errors, ...(table.rowErrors ?? [])].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return table;
}

interface RawRecord {
  value: unknown;
  row: number;
}

/** Objects become rows; anything else in the list is a row error, so the other rows still show. */
function fromRecords(file: string, kind: "json" | "jsonl", records: RawRecord[]): RawTable {
  const rows: Record<string, unknown>[] = [];
  const rowNumbers: number[] = [];
  const rowErrors: FileIssue[] = [];
  const columns = new Set<string>();
  for (const rec of records) {
    if (typeof rec.value !== "object" || rec.value === null || Array.isArray(rec.value)) {
      rowErrors.push({ file, row: rec.row, message: "expected an object with question, answer and contexts" });
      continue;
    }
    const row = rec.value as Record<string, unknown>;
    for (const key of Object.keys(row)) columns.add(key);
    rows.push(row);
    rowNumbers.push(rec.row);
  }
  return { file, kind, columns: [...columns], rows, rowNumbers, ...(rowErrors.length > 0 ? { rowErrors } : {}) };
}

function columnTable(obj: Record<string, unknown>): RawRecord[] | undefined {
  const entries = Object.entries(obj);
  if (entries.length === 0 || !entries.every(([, v]) => Array.isArray(v))) return undefined;
  if (!holdsQuestion(obj)) return undefined;
  const length = Math.max(...entries.map(([, v]) => (v as unknown[]).length));
  return Array.from({ length }, (_, i) => ({
    value: Object.fromEntries(entries.map(([k, v]) => [k, (v as unknown[])[i]]).filter(([, v]) => v !== undefined && v !== null)),
    row: i + 1,
  }));
}

/** One sample or a column table has a question under one of its names (columns.ts). */
function holdsQuestion(obj: Record<string, unknown>): boolean {
  return guessMapping(Object.keys(obj)).question !== undefined;
}

/** V8 says "at position N" (and sometimes the line); a person looks for a line. */
function lineOf(text: string, message: string): { line?: number } {
  const at = /position (\d+)/.exec(message)?.[1];
  if (at === undefined) return {};
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < Number(at); i = text.indexOf("\n", i + 1)) line++;
  return { line };
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
