/** File and document formats shared by the app and the CLI: pure code, no IndexedDB. */
export { parseCsv, writeCsv, csvCell, CsvSyntaxError, type CsvRecord } from "./csv";
export { detectKind, kindFromName, sniffKind, type DataFileKind } from "./file-kind";
export { parseSamplesFile, readSamplesFile, formatIssue, SamplesFileError, type SamplesFile, type FileIssue } from "./samples-file";
export { listCell } from "./samples-csv";
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
