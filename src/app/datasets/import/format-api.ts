/**
 * The dataset-reading API the Datasets view uses: contract 2's one pipeline (read -> map ->
 * validate, src/storage/format/samples-file.ts), the same the CLI and the agreement loader take.
 * One import point, so the worker and the view agree on which functions they call.
 */
export { CONVERSATION_COLUMNS, normalizeColumnName, SAMPLE_COLUMNS, sharedFields } from "../../../storage/format/columns";
export { type ColumnMapping, guessMapping, mapSamples, readTable } from "../../../storage/format/samples-file";
export { parseListCell } from "../../../storage/format/list-cell";
export type { FileIssue, RawTable, SamplesFile as MappedSamples } from "../../../storage/format/samples-types";
