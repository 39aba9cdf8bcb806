import type { Sample, SampleField } from "../../engine/sample";
import { gradesCell, idListCell } from "./id-cells";
import { parseListCell } from "./list-cell";
import { idCell, isBlank, referenceCell, textCell } from "./sample-cells";
import { type ColumnMapping, CONVERSATION_COLUMNS, guessColumns, LIST_REFERENCE_COLUMN, normalizeColumnName, SAMPLE_COLUMNS, sharedFields } from "./columns";
import { conversationRow, holdsTurns } from "./conversation-cells";
import type { FileIssue, ListReadAs, RawTable, SamplesFile } from "./samples-types";

type Field = SampleField;

const ALIASES: Readonly<Record<Field, readonly string[]>> = SAMPLE_COLUMNS;
const FIELDS = Object.keys(ALIASES) as Field[];

/**
 * Raw rows to samples, validating everything before anything is stored: every problem names the
 * row and the column. `samples` is empty as soon as one error exists (a failed import changes
 * nothing); `valid` holds the rows without problems for "store only the valid rows".
 */
/** `answerOptional`: questions to ask a target (contract 13) need no answer yet; a missing one reads as "". */
export function tableToSamples(table: RawTable, mapping: ColumnMapping, options: { answerOptional?: boolean } = {}): SamplesFile {
  const { file } = table;
  const conversation = guessColumns(table.columns, CONVERSATION_COLUMNS);
  // A conversation (contract 16) may have no question or answer: its metrics read the turns.
  const turns = holdsTurns(table.rows, conversation.messages, mapping.question);
  const required = turns ? ([] as const) : options.answerOptional ? (["question"] as const) : (["question", "answer"] as const);
  // Problems with the columns concern every row, so they name none: rows count samples, from 1.
  const errors: FileIssue[] = [];
  const warnings: FileIssue[] = [...(table.warnings ?? [])];
  if (table.rows.length === 0 && !table.rowErrors?.length) {
    return result(table, [], [{ file, message: "no samples found (expected records with question, answer and contexts)" }], warnings, [], {}, 0);
  }
  for (const field of FIELDS) {
    const column = mapping[field];
    if (column !== undefined && !table.columns.includes(column)) errors.push({ file, field, message: `column "${column}" is not in the file` });
  }
  for (const field of required) {
    if (mapping[field] === undefined) {
      const has = table.columns.length > 0 ? `; the file has ${table.columns.map((c) => `"${c}"`).join(", ")}` : "";
      errors.push({ file, field, message: `no column for it (looked for ${ALIASES[field].join(", ")})${has}` });
    }
  }
  const used = new Set([...Object.values(mapping), ...Object.values(conversation)]);
  const ignored = table.columns.filter((c) => !used.has(c) && !isFallback(c, mapping));
  if (ignored.length > 0) warnings.push({ file, message: `ignored column${ignored.length > 1 ? "s" : ""} ${ignored.map((n) => `"${n}"`).join(", ")}` });
  warnings.push(...sharedFieldNotes(table, mapping));
  if (errors.length > 0) return result(table, [], errors, warnings, [], {}, table.rows.length + (table.rowErrors?.length ?? 0));

  const rowIssues: FileIssue[] = [...(table.rowErrors ?? [])];
  const valid: Sample[] = [];
  const readAs: Partial<Record<ListReadAs, number>> = {};
  const firstRowOfId = new Map<string, number>();
  let badRows = table.rowErrors?.length ?? 0;
  table.rows.forEach((raw, i) => {
    const row = table.rowNumbers?.[i] ?? i + 1;
    const line = table.lines?.[i];
    const at = { file, row, ...(line !== undefined && line !== row ? { line } : {}) };
    const before = rowIssues.length;
    const problem = (field: string, message: string) => rowIssues.push({ ...at, field, message });
    const cell = (field: Field) => pick(raw, field, mapping);

    const out: Partial<Sample> = conversationRow(raw, conversation, mapping.question, problem);
    for (const field of ["question", "answer"] as const) {
      const { column, value } = cell(field);
      if (turns && (isBlank(value) || Array.isArray(value))) out[field] = "";
      else if (isBlank(value) && field === "answer" && options.answerOptional) out.answer = "";
      else if (isBlank(value))
        problem(column, `missing${ALIASES[field].length > 1 && column === mapping[field] ? ` (also looked for ${otherAliases(field, column)})` : ""}`);
      else {
        const text = textCell(value);
        if (text.ok) out[field] = text.value;
        else problem(column, text.message);
      }
    }
    const contexts = cell("contexts");
    const list = parseListCell(contexts.value);
    if (list.ok) {
      out.contexts = list.items.filter((c) => c.trim().length > 0);
      if (!isBlank(contexts.value)) readAs[list.as] = (readAs[list.as] ?? 0) + 1;
    } else problem(contexts.column, list.message);
    const reference = cell("reference");
    if (!isBlank(reference.value)) {
      const ref = referenceCell(reference.value, normalizeColumnName(reference.column) === LIST_REFERENCE_COLUMN);
      if (!ref.ok) problem(reference.column, ref.message);
      else if (ref.value.trim() !== "") out.reference = ref.value;
    }
    for (const field of ["retrievedContextIds", "referenceContextIds"] as const) {
      const { column, value } = cell(field);
      if (isBlank(value)) continue;
      const ids = idListCell(value);
      if (ids.ok) out[field] = ids.value;
      else problem(column, ids.message);
    }
    const grades = cell("referenceContextGrades");
    if (!isBlank(grades.value)) {
      const parsed = gradesCell(grades.value);
      if (parsed.ok) out.referenceContextGrades = parsed.value;
      else problem(grades.column, parsed.message);
    }
    const idValue = cell("id").value;
    const id = isBlank(idValue) ? { ok: true as const, value: `row-${row}` } : idCell(idValue);
    if (!id.ok) problem(mapping.id ?? "id", id.message);
    else {
      const first = firstRowOfId.get(id.value);
      if (first !== undefined) problem(mapping.id ?? "id", `id "${id.value}" is already used by row ${first}`);
      else firstRowOfId.set(id.value, row);
      out.id = id.value;
    }
    if (rowIssues.length > before) badRows++;
    else valid.push(toSample(out));
  });
  rowIssues.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  warnings.push(...readAsNotes(file, mapping.contexts, readAs));
  return result(table, valid, rowIssues, warnings, valid, readAs, badRows);
}

/** The mapped column's value; for a ragas name chosen automatically, a row that lacks it may use the field's other ragas name. */
function pick(raw: Record<string, unknown>, field: Field, mapping: ColumnMapping): { column: string; value: unknown } {
  const column = mapping[field] ?? field;
  const value = raw[column];
  if (!isBlank(value) || !ALIASES[field].includes(column)) return { column, value };
  for (const alias of ALIASES[field]) if (alias !== column && !isBlank(raw[alias])) return { column: alias, value: raw[alias] };
  return { column, value };
}

/**
 * A field that two columns hold (`question` and `user_input`), said once per field when some row
 * has both filled: one of them was not read there. JSON records that use one name each share
 * nothing and are not mentioned.
 */
function sharedFieldNotes(table: RawTable, mapping: ColumnMapping): FileIssue[] {
  const notes: FileIssue[] = [];
  for (const { field, used, others } of sharedFields(table.columns, mapping)) {
    const both = table.rows.filter((raw) => !isBlank(raw[used]) && others.some((c) => !isBlank(raw[c]))).length;
    if (both === 0) continue;
    const quoted = others.map((c) => `"${c}"`).join(", ");
    const rows = `${both} row${both > 1 ? "s have" : " has"} both`;
    notes.push({
      file: table.file,
      message: `columns "${used}" and ${quoted} both hold the ${field} (${rows}): "${used}" is used, ${quoted} only where "${used}" is empty`,
    });
  }
  return notes;
}

function isFallback(column: string, mapping: ColumnMapping): boolean {
  return FIELDS.some((f) => mapping[f] !== undefined && ALIASES[f].includes(mapping[f]!) && ALIASES[f].includes(column));
}

function otherAliases(field: Field, column: string): string {
  return ALIASES[field].filter((a) => a !== normalizeColumnName(column)).join(", ");
}

function toSample(out: Partial<Sample>): Sample {
  const sample: Sample = { id: out.id!, question: out.question!, answer: out.answer!, contexts: out.contexts ?? [] };
  if (out.reference !== undefined) sample.reference = out.reference;
  if (out.messages !== undefined) sample.messages = out.messages;
  if (out.referenceToolCalls !== undefined) sample.referenceToolCalls = out.referenceToolCalls;
  if (out.referenceTopics !== undefined) sample.referenceTopics = out.referenceTopics;
  if (out.retrievedContextIds) sample.retrievedContextIds = out.retrievedContextIds;
  if (out.referenceContextIds) sample.referenceContextIds = out.referenceContextIds;
  if (out.referenceContextGrades) sample.referenceContextGrades = out.referenceContextGrades;
  return sample;
}

const READ_AS_TEXT: Record<Exclude<ListReadAs, "json" | "single">, string> = {
  python: "as Python list literals (the way pandas writes a list column)",
  numpy: "as numpy arrays (the way pandas writes an array column read from parquet)",
};

/** Says how list cells were read when it took more than JSON, so the user can check it. */
function readAsNotes(file: string, column: string | undefined, readAs: Partial<Record<ListReadAs, number>>): FileIssue[] {
  const notes: FileIssue[] = [];
  for (const as of ["python", "numpy"] as const) {
    const n = readAs[as];
    if (n) notes.push({ file, field: column ?? "contexts", message: `read ${n} cell${n > 1 ? "s" : ""} ${READ_AS_TEXT[as]}` });
  }
  return notes;
}

function result(
  table: RawTable,
  samples: Sample[],
  errors: FileIssue[],
  warnings: FileIssue[],
  valid: Sample[],
  contextsReadAs: Partial<Record<ListReadAs, number>>,
  leftOut: number,
): SamplesFile {
  return { kind: table.kind, samples: errors.length > 0 ? [] : samples, errors, warnings, valid: { samples: valid, leftOut }, contextsReadAs };
}
