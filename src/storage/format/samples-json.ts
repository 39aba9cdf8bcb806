import { parseReport, REPORT_FORMAT } from "./report-parse";
import type { FileIssue } from "./samples-file";

/** One record of a dataset file before normalisation, with where it came from. */
export interface RawRecord {
  value: unknown;
  row: number;
  line?: number;
}

export interface RecordsRead {
  records: RawRecord[];
  errors: FileIssue[];
  warnings: FileIssue[];
}

/**
 * A JSON dataset is an array of records, `{ samples: [...] }`, a column table as ragas'
 * `Dataset.to_dict()` writes it (`{ question: [...], answer: [...] }`), or one of our reports
 * (so a report's samples can be scored again).
 */
export function jsonRecords(text: string, file: string): RecordsRead {
  let doc: unknown;
  try {
    doc = JSON.parse(stripBom(text));
  } catch (error) {
    return fail(file, `not valid JSON (${(error as Error).message})`);
  }
  if (Array.isArray(doc)) return ok(doc.map((value, i) => ({ value, row: i + 1 })));
  if (typeof doc !== "object" || doc === null) return fail(file, 'expected a list of samples or an object with a "samples" list');
  const obj = doc as Record<string, unknown>;
  if (obj.format === REPORT_FORMAT) {
    const report = parseReport(text, file);
    if (!report.ok) return fail(file, report.error.message.replace(`${file}: `, ""));
    return ok(report.report.samples.map((value, i) => ({ value, row: i + 1 })));
  }
  if (Array.isArray(obj.samples)) return ok(obj.samples.map((value, i) => ({ value, row: i + 1 })));
  const columns = columnTable(obj);
  if (columns) return ok(columns);
  // A single sample object is a dataset of one.
  if ("question" in obj || "user_input" in obj) return ok([{ value: obj, row: 1 }]);
  return fail(file, 'expected a list of samples, an object with a "samples" list, or a report');
}

/** JSON Lines: one record per line; blank lines are allowed; the row is the line number. */
export function jsonlRecords(text: string, file: string): RecordsRead {
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
  return { records, errors, warnings: [] };
}

function columnTable(obj: Record<string, unknown>): RawRecord[] | undefined {
  const entries = Object.entries(obj);
  if (entries.length === 0 || !entries.every(([, v]) => Array.isArray(v))) return undefined;
  if (!("question" in obj || "user_input" in obj)) return undefined;
  const length = Math.max(...entries.map(([, v]) => (v as unknown[]).length));
  return Array.from({ length }, (_, i) => ({
    value: Object.fromEntries(entries.map(([k, v]) => [k, (v as unknown[])[i]]).filter(([, v]) => v !== undefined && v !== null)),
    row: i + 1,
  }));
}

function ok(records: RawRecord[]): RecordsRead {
  return { records, errors: [], warnings: [] };
}

function fail(file: string, message: string): RecordsRead {
  return { records: [], errors: [{ file, message }], warnings: [] };
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
