/**
 * The dataset-reading API the Datasets view uses (api-contracts.md; owned by src/storage/format).
 * One import point, so the worker and the view agree on which functions they call.
 */
export { type ColumnMapping, guessMapping, tableToSamples } from "../../../storage/format/mapping";
export { parseListCell } from "../../../storage/format/list-cell";
export { readTable } from "../../../storage/format/table";
export type { FileIssue, RawTable, SamplesFile as MappedSamples } from "../../../storage/format/samples-types";
