import type { Sample } from "../../engine/sample";
import { detectKind } from "./file-kind";
import { guessMapping, tableToSamples } from "./mapping";
import { type DataFileKind, type FileIssue, type RawTable, type SamplesFile, SamplesFileError } from "./samples-types";
import { readTableText } from "./table";

/**
 * Dataset files in (DESIGN.md contract 2) from text: JSON, JSON Lines or CSV, our field names or
 * ragas'. The same readTable / guessMapping / tableToSamples path the browser uses, synchronous for
 * the text formats (parquet is binary: readTable). Every problem names the file, the row as a
 * person counts it and the field, because "invalid input" on a 2,000-row file sends people hunting.
 */

export { formatIssue, SamplesFileError, type FileIssue, type SamplesFile } from "./samples-types";

/** Parses everything it can and lists every problem; an import should refuse a file with errors. */
export function parseSamplesFile(text: string, fileName: string, kind: DataFileKind = detectKind(fileName, text)): SamplesFile {
  let table: RawTable;
  try {
    table = readTableText(text, fileName, kind);
  } catch (error) {
    if (!(error instanceof SamplesFileError)) throw error;
    return { kind, samples: [], errors: error.issues, warnings: [], valid: { samples: [], leftOut: 0 }, contextsReadAs: {} };
  }
  return tableToSamples(table, guessMapping(table.columns));
}

/** The samples, or a SamplesFileError when the file has any problem. */
export function readSamplesFile(text: string, fileName: string, kind?: DataFileKind): { samples: Sample[]; warnings: FileIssue[] } {
  const parsed = parseSamplesFile(text, fileName, kind);
  if (parsed.errors.length > 0) throw new SamplesFileError(parsed.errors);
  return { samples: parsed.samples, warnings: parsed.warnings };
}
