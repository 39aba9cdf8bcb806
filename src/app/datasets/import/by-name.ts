import { type ColumnMapping, CONVERSATION_COLUMNS, type MappedSamples, normalizeColumnName, SAMPLE_COLUMNS } from "./format-api";

/**
 * Issue 19: a file whose columns are all sample names (ours or ragas', contract 2) needs no mapping
 * click. True when every column is one field's name and no field has two columns (a file with both
 * `question` and `user_input` is ambiguous and goes through the mapping step).
 */
export function mapsByName(columns: readonly string[], mapping: ColumnMapping): boolean {
  if (columns.length === 0) return false;
  const named =
    <F extends string>(table: Record<F, readonly string[]>) =>
    (column: string) =>
      (Object.keys(table) as F[]).find((field) => table[field].includes(normalizeColumnName(column)));
  // A conversation's columns (messages, reference_tool_calls, reference_topics) are read by their
  // names, never mapped: an OpenAI or ragas conversation file needs no question column to go by name.
  const turnFields = columns.map(named(CONVERSATION_COLUMNS)).filter((field) => field !== undefined);
  if (new Set(turnFields).size !== turnFields.length) return false;
  const fields = columns.filter((c) => named(CONVERSATION_COLUMNS)(c) === undefined).map(named(SAMPLE_COLUMNS));
  if (fields.some((field) => field === undefined)) return false;
  if (new Set(fields).size !== fields.length) return false;
  return fields.every((field) => mapping[field!] !== undefined);
}

/**
 * Whether a by-name import may be stored without showing the mapping step: every row valid, and
 * nothing the reader had to guess (a text encoding) that the user should check first. Notes on how
 * list cells were read (Python lists, numpy arrays) carry their field and do not stop it: they stay
 * one click away, in the preview.
 */
export function storableAsIs(result: MappedSamples): boolean {
  return result.errors.length === 0 && result.samples.length > 0 && result.warnings.every((w) => w.field !== undefined);
}
