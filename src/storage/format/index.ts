/** File and document formats shared by the app and the CLI: pure code, no IndexedDB. */
export { parseCsv, parseCsvText, writeCsv, CsvSyntaxError, type CsvRecord } from "./csv";
export { detectKind, kindFromName, sniffKind, isParquet } from "./file-kind";
export { readSamples, mapSamples, requireSamples } from "./samples-file";
export { formatIssue, SamplesFileError, type SamplesFile, type FileIssue, type DataFileKind, type RawTable, type ListReadAs } from "./samples-types";
export { readTable, readTableText } from "./table";
export { guessMapping, guessColumns, normalizeColumnName, SAMPLE_COLUMNS, AGREEMENT_COLUMNS, type ColumnMapping } from "./columns";
export { tableToSamples } from "./mapping";
export { parseListCell, type ParsedListCell } from "./list-cell";
export * from "./report";
export { resultsToCsv } from "./results-csv";
export {
  parsePromptSet,
  buildPromptSet,
  promptSetSchema,
  PROMPT_SET_FORMAT,
  PROMPT_SET_VERSION,
  type PromptSet,
  type ParsePromptSetResult,
} from "./prompt-set";
export { stripKeyLike, sanitizeUrl, scrubSecrets, isKeyLikeName } from "./redact";
export { formatPath } from "./json-path";
