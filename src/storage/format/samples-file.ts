import type { Sample } from "../../engine/sample";
import { type ColumnMapping, guessMapping } from "./columns";
import { isParquet, kindFromName } from "./file-kind";
import { tableToSamples } from "./mapping";
import { baseName, type FileIssue, type RawTable, type SamplesFile, SamplesFileError } from "./samples-types";
import { type ReadTableOptions, readTable } from "./table";

/**
 * Dataset files in (DESIGN.md contract 2): the one pipeline every reader takes. Read (CSV, JSON,
 * JSON Lines, parquet into raw rows: table.ts) -> map (columns to fields: the guessed mapping of
 * columns.ts, or the user's) -> validate (rows to samples: mapping.ts). The CLI reads a whole file
 * with readSamples; the import worker keeps the table between read and map, so the user can change
 * the mapping without reading the file again. Every problem names the file, the row as a person
 * counts it and the field, because "invalid input" on a 2,000-row file sends people hunting.
 */

export { formatIssue, SamplesFileError, type FileIssue, type SamplesFile } from "./samples-types";
export { type ColumnMapping, guessMapping } from "./columns";
export { readTable } from "./table";

/** Map and validate: the table's rows as samples under `mapping` (by default the guessed one). */
export function mapSamples(table: RawTable, mapping: ColumnMapping = guessMapping(table.columns), options: { answerOptional?: boolean } = {}): SamplesFile {
  return tableToSamples(table, mapping, options);
}

/** Read, map and validate a whole file; a file that cannot be read at all comes back as errors, not as an exception. */
export async function readSamples(file: { name: string; bytes: Uint8Array }, opts: ReadTableOptions & { answerOptional?: boolean } = {}): Promise<SamplesFile> {
  let table: RawTable;
  try {
    table = await readTable(file, opts);
  } catch (error) {
    if (!(error instanceof SamplesFileError)) throw error;
    const kind = kindFromName(baseName(file.name)) ?? (isParquet(file.bytes) ? "parquet" : "csv");
    return { kind, samples: [], errors: error.issues, warnings: [], valid: { samples: [], leftOut: 0 }, contextsReadAs: {} };
  }
  return mapSamples(table, guessMapping(table.columns), { answerOptional: opts.answerOptional === true });
}

/** The samples, or a SamplesFileError when the file has any problem (an import refuses a file with errors). */
export function requireSamples(parsed: SamplesFile): { samples: Sample[]; warnings: FileIssue[] } {
  if (parsed.errors.length > 0) throw new SamplesFileError(parsed.errors);
  return { samples: parsed.samples, warnings: parsed.warnings };
}
