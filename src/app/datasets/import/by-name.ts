import { type ColumnMapping, type MappedSamples, normalizeColumnName, SAMPLE_COLUMNS } from "./format-api";

/**
 * Issue 19: a file whose columns are all sample names (ours or ragas', contract 2) needs no mapping
 * click. True when every column is one field's name and no field has two columns (a file with both
 * `question` and `user_input` is ambiguous and goes through the mapping step).
 */
export function mapsByName(columns: readonly string[], mapping: ColumnMapping): boolean {
  if (columns.length === 0) return false;
  const fieldOf = (column: string) =>
    (Object.keys(SAMPLE_COLUMNS) as (keyof typeof SAMPLE_COLUMNS)[]).find((field) =>
      (SAMPLE_COLUMNS[field] as readonly string[]).includes(normalizeColumnName(column)),
    );
  const fields = columns.map(fieldOf);
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
