import { parquetWriteBuffer, type SchemaElement } from "hyparquet-writer";
import type { TestsetSample } from "../../engine/testset/types";
import { TESTSET_COLUMNS } from "./export-testset";

/**
 * The generated test set as parquet, the shape `pd.read_parquet` and Hugging Face datasets read
 * natively: the two lists of strings as real LIST columns (they come back as lists, no parsing),
 * `sources` and `checks` (records) as JSON text, the rest as UTF-8 strings. Loaded lazily: only
 * the export button needs hyparquet-writer.
 */
const LISTS = new Set<string>(["reference_contexts", "reference_context_ids"]);

export function testsetToParquet(lines: readonly TestsetSample[]): Uint8Array {
  const schema: SchemaElement[] = [{ name: "root", num_children: TESTSET_COLUMNS.length }];
  for (const c of TESTSET_COLUMNS) {
    if (LISTS.has(c)) {
      schema.push(
        { name: c, repetition_type: "OPTIONAL", converted_type: "LIST", num_children: 1 },
        { name: "list", repetition_type: "REPEATED", num_children: 1 },
        { name: "element", type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" },
      );
    } else schema.push({ name: c, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" });
  }
  const columnData = TESTSET_COLUMNS.map((c) => ({
    name: c,
    data: lines.map((line) => (LISTS.has(c) || typeof line[c] === "string" ? line[c] : JSON.stringify(line[c]))),
  }));
  return new Uint8Array(parquetWriteBuffer({ columnData, schema }));
}
