import type { AgreementRow, AgreementTask, Side } from "../../engine/agreement/types";
import { AGREEMENT_TASKS } from "../../engine/agreement/types";
import { AGREEMENT_COLUMNS, type AgreementField, guessColumns } from "./columns";
import { type ParsedListCell, parseListCell } from "./list-cell";
import { type FileIssue, type RawTable, SamplesFileError } from "./samples-types";
import { readTable } from "./table";

/**
 * WikiEval-shaped data for the agreement study (DESIGN.md contract 10): columns question, answer,
 * ungrounded_answer, poor_answer, context_v1, context_v2 (+ source, id), in CSV, JSON, JSON Lines
 * or parquet; the same read -> map -> validate pipeline as samples (read: table.ts; the column
 * names: columns.ts; list cells read as contract 2 says). WikiEval's literal "Question: " / "Answer: "
 * prefixes are stripped; the ragas names user_input / response / retrieved_contexts work too. User labels: `human_<task>` = "a" / "b" (which side people prefer) or
 * 0 / 1 (an absolute label of `answer` / `context_v1`); `contexts` may stand for `context_v1`.
 * Any problem names the file, the row and the field; nothing is half-read.
 */

export interface AgreementData {
  rows: AgreementRow[];
  warnings: FileIssue[];
  /** How each row was read, in the order of `rows`: the preview shows it (contract 2: whatever was parsed, the user can see it). */
  readings: RowReading[];
}

/** The cells that may carry WikiEval's "Question: " / "Answer: " prefix. */
export type PrefixedField = "question" | "answer" | "ungrounded_answer" | "poor_answer";
type ListKind = Extract<ParsedListCell, { ok: true }>["as"];

export interface RowReading {
  /** Cells whose prefix was stripped. */
  stripped: PrefixedField[];
  /** How each context cell became a list (a JSON array, a Python list, one text...). */
  listsAs: Partial<Record<"context_v1" | "context_v2", ListKind>>;
}

const PREFIX = { question: /^\s*Question:\s*/i, answer: /^\s*Answer:\s*/i } as const;

export async function readAgreementFile(file: { name: string; bytes: Uint8Array }, signal?: AbortSignal): Promise<AgreementData> {
  return agreementRowsFromTable(await readTable(file, signal ? { signal } : {}));
}

/**
 * Map and validate, as for samples: the columns come from columns.ts's table (matched loosely,
 * so "Ungrounded Answer" is ungrounded_answer), then every row is checked.
 */
export function agreementRowsFromTable(table: RawTable): AgreementData {
  const errors: FileIssue[] = [...(table.rowErrors ?? [])];
  const warnings: FileIssue[] = [...(table.warnings ?? [])];
  const rows: AgreementRow[] = [];
  const readings: RowReading[] = [];
  const columns = guessColumns(table.columns, AGREEMENT_COLUMNS);
  for (const field of ["question", "answer", "context_v1"] as const) {
    if (!columns[field]) errors.push({ file: table.file, field, message: `missing column (columns: ${table.columns.join(", ") || "none"})` });
  }
  if (errors.length > 0) throw new SamplesFileError(errors);
  const seen = new Set<string>();
  table.rows.forEach((raw, i) => {
    const rowNo = table.rowNumbers?.[i] ?? i + 1;
    const issue = (field: string, message: string) => errors.push({ file: table.file, row: rowNo, field, message });
    const cellOf = (field: AgreementField): { column: string; cell: unknown } | undefined => {
      const column = columns[field];
      const cell = column === undefined ? undefined : raw[column];
      return column === undefined || cell === undefined || cell === null || cell === "" ? undefined : { column, cell };
    };
    const text = (field: AgreementField, required: boolean): string | undefined => {
      const found = cellOf(field);
      if (!found || (typeof found.cell === "string" && found.cell.trim() === "")) {
        if (required) issue(columns[field] ?? field, "is empty");
        return undefined;
      }
      if (typeof found.cell !== "string") {
        issue(found.column, `expected text, got ${typeof found.cell}`);
        return undefined;
      }
      return found.cell;
    };
    const reading: RowReading = { stripped: [], listsAs: {} };
    const unprefixed = (field: PrefixedField, value: string | undefined): string | undefined => {
      if (value === undefined) return undefined;
      const pattern = field === "question" ? PREFIX.question : PREFIX.answer;
      if (!pattern.test(value)) return value;
      reading.stripped.push(field);
      return value.replace(pattern, "");
    };
    const list = (field: "context_v1" | "context_v2"): string[] | undefined => {
      const found = cellOf(field);
      if (!found) return undefined;
      const parsed = parseListCell(found.cell);
      if (!parsed.ok) {
        issue(found.column, parsed.message);
        return undefined;
      }
      reading.listsAs[field] = parsed.as;
      return parsed.items.filter((s) => s.trim() !== "");
    };
    const idCell = cellOf("id")?.cell;
    const id = idCell === undefined ? String(i + 1) : String(idCell);
    if (seen.has(id)) issue(columns.id ?? "id", `"${id}" is used by an earlier row`);
    seen.add(id);
    const question = unprefixed("question", text("question", true));
    const answer = unprefixed("answer", text("answer", true));
    const before = errors.length;
    const context_v1 = list("context_v1");
    if (errors.length === before && (!context_v1 || context_v1.length === 0)) issue(columns.context_v1!, "needs at least one context");
    const row: AgreementRow = { id, question: question ?? "", answer: answer ?? "", context_v1: context_v1 ?? [] };
    const ungrounded = unprefixed("ungrounded_answer", text("ungrounded_answer", false));
    if (ungrounded !== undefined) row.ungrounded_answer = ungrounded;
    const poor = unprefixed("poor_answer", text("poor_answer", false));
    if (poor !== undefined) row.poor_answer = poor;
    const v2 = list("context_v2");
    if (v2 && v2.length > 0) row.context_v2 = v2;
    const source = text("source", false);
    if (source !== undefined) row.source = source;
    const human = labels(raw, issue);
    if (human) row.human = human;
    rows.push(row);
    readings.push(reading);
  });
  if (rows.length === 0) errors.push({ file: table.file, message: "has no rows" });
  if (errors.length > 0) throw new SamplesFileError(errors);
  return { rows, warnings, readings };
}

/** `human_<task>`: "a" / "b" for a pairwise preference, 0..1 (or "0" / "1") for an absolute label. */
function labels(raw: Record<string, unknown>, issue: (field: string, message: string) => void): AgreementRow["human"] {
  const out: Partial<Record<AgreementTask, Side | number>> = {};
  for (const task of AGREEMENT_TASKS) {
    const field = `human_${task}`;
    const cell = raw[field];
    if (cell === undefined || cell === null || cell === "") continue;
    const value = typeof cell === "string" ? cell.trim().toLowerCase() : cell;
    if (value === "a" || value === "b") out[task] = value;
    else if (typeof value === "boolean") out[task] = value ? 1 : 0;
    else if ((typeof value === "number" || (typeof value === "string" && /^\d+(\.\d+)?$/.test(value))) && Number(value) >= 0 && Number(value) <= 1)
      out[task] = Number(value);
    else issue(field, `expected "a", "b" or a label from 0 to 1, got ${JSON.stringify(cell)}`);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
