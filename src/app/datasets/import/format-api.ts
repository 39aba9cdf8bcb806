/**
 * The dataset-reading API the Datasets view codes against (fixed in api-contracts.md and owned by
 * src/storage/format: readTable, guessMapping, tableToSamples, parseListCell).
 *
 * TODO(merge): when the formats branch lands, this file becomes re-exports of
 * src/storage/format/{table,mapping,list-cell}.ts. Until then it is a small stand-in on top of
 * the existing readers: CSV/JSON/JSONL, JSON-list cells only, no parquet.
 */
import { normalizeSample, type Sample } from "../../../engine/sample";
import { CsvSyntaxError, parseCsv } from "../../../storage/format/csv";
import { detectKind } from "../../../storage/format/file-kind";
import { type FileIssue, SamplesFileError } from "../../../storage/format/samples-file";

export interface RawTable {
  file: string;
  kind: "csv" | "json" | "jsonl" | "parquet";
  columns: string[];
  rows: Record<string, unknown>[];
}
export interface ColumnMapping {
  id?: string;
  question?: string;
  answer?: string;
  contexts?: string;
  reference?: string;
}
export interface MappedSamples {
  samples: Sample[];
  errors: FileIssue[];
  warnings: FileIssue[];
}
export type ListCell = { ok: true; items: string[]; as: "json" | "python" | "numpy" | "single" } | { ok: false; message: string };

export async function readTable(file: { name: string; bytes: Uint8Array }, opts: { onProgress?: (fraction: number) => void } = {}): Promise<RawTable> {
  const text = new TextDecoder("utf-8").decode(file.bytes).replace(/^\uFEFF/, "");
  if (text.trim() === "") throw new SamplesFileError([{ file: file.name, message: "the file is empty" }]);
  const kind = detectKind(file.name, text);
  opts.onProgress?.(0.5);
  let rows: Record<string, unknown>[];
  if (kind === "csv") {
    let records: ReturnType<typeof parseCsv>;
    try {
      records = parseCsv(text);
    } catch (error) {
      if (error instanceof CsvSyntaxError) throw new SamplesFileError([{ file: file.name, row: error.line, message: error.message }]);
      throw error;
    }
    const [header, ...body] = records;
    const columns = header?.fields ?? [];
    rows = body.map((rec) => Object.fromEntries(columns.map((c, i) => [c, rec.fields[i] ?? ""])));
    opts.onProgress?.(1);
    return { file: file.name, kind, columns, rows };
  }
  try {
    const doc = kind === "json" ? JSON.parse(text) : text.split(/\r?\n/).flatMap((line) => (line.trim() ? [JSON.parse(line)] : []));
    rows = Array.isArray(doc) ? doc : Array.isArray(doc?.samples) ? doc.samples : [doc];
  } catch (error) {
    throw new SamplesFileError([{ file: file.name, message: `not valid JSON (${(error as Error).message})` }]);
  }
  const columns = [...new Set(rows.flatMap((row) => (row && typeof row === "object" ? Object.keys(row) : [])))];
  opts.onProgress?.(1);
  return { file: file.name, kind, columns, rows };
}

const NAMES: Record<keyof ColumnMapping, string[]> = {
  id: ["id", "sample_id"],
  question: ["question", "user_input"],
  answer: ["answer", "response"],
  contexts: ["contexts", "retrieved_contexts"],
  reference: ["reference", "ground_truth", "ground_truths"],
};

export function guessMapping(columns: readonly string[]): ColumnMapping {
  const norm = (c: string) => c.trim().toLowerCase().replace(/\s+/g, "_");
  const mapping: ColumnMapping = {};
  for (const [field, names] of Object.entries(NAMES) as [keyof ColumnMapping, string[]][]) {
    const hit = names.map((n) => columns.find((c) => norm(c) === n)).find((c) => c !== undefined);
    if (hit !== undefined) mapping[field] = hit;
  }
  return mapping;
}

export function parseListCell(cell: unknown): ListCell {
  if (Array.isArray(cell))
    return cell.every((x) => typeof x === "string") ? { ok: true, items: cell, as: "json" } : { ok: false, message: "expected a list of strings" };
  if (typeof cell !== "string") return { ok: false, message: "expected a list of strings or text" };
  if (/^\s*\[\s*(\]|")/.test(cell)) {
    try {
      const parsed: unknown = JSON.parse(cell);
      if (Array.isArray(parsed) && parsed.every((x) => typeof x === "string")) return { ok: true, items: parsed, as: "json" };
    } catch {
      // falls through
    }
    return { ok: false, message: "starts like a JSON list but is not one" };
  }
  return { ok: true, items: cell.trim() === "" ? [] : [cell], as: "single" };
}

export function tableToSamples(table: RawTable, mapping: ColumnMapping): MappedSamples {
  const errors: FileIssue[] = [];
  const samples: Sample[] = [];
  const offset = table.kind === "csv" ? 2 : 1;
  if (!mapping.question) errors.push({ file: table.file, field: "question", message: "no column is mapped to question" });
  if (!mapping.answer) errors.push({ file: table.file, field: "answer", message: "no column is mapped to answer" });
  if (errors.length > 0) return { samples, errors, warnings: [] };
  const seen = new Set<string>();
  for (const [i, row] of table.rows.entries()) {
    const at = { file: table.file, row: i + offset };
    // An empty cell is absent: a spreadsheet cannot tell "" from nothing.
    const pick = (col?: string) => (col === undefined || row[col] === "" || row[col] === null ? undefined : row[col]);
    const cell = pick(mapping.contexts);
    const list = cell === undefined ? ({ ok: true, items: [], as: "single" } as const) : parseListCell(cell);
    if (!list.ok) {
      errors.push({ ...at, field: "contexts", message: list.message });
      continue;
    }
    const raw = {
      id: pick(mapping.id),
      question: pick(mapping.question),
      answer: pick(mapping.answer),
      contexts: list.items,
      reference: pick(mapping.reference) || undefined,
    };
    const out = normalizeSample(raw, `row-${at.row}`);
    if ("issues" in out) errors.push(...out.issues.map((issue) => ({ ...at, field: issue.field, message: issue.message })));
    else if (seen.has(out.sample.id)) errors.push({ ...at, field: "id", message: `id "${out.sample.id}" is used by an earlier row` });
    else {
      seen.add(out.sample.id);
      samples.push(out.sample);
    }
  }
  return { samples, errors, warnings: [] };
}
