import { parquetWriteBuffer, type SchemaElement } from "hyparquet-writer";
import type { Report } from "./report-schema";
import { resultsTable } from "./results-rows";

/**
 * The results as parquet (results-rows.ts), the shape pandas (`pd.read_parquet`) and Hugging
 * Face datasets read natively: text columns as UTF-8 strings, scores as nullable doubles, and
 * `retrieved_contexts` as a real list column (the standard three-level LIST of strings), so it
 * comes back as a list (a numpy array in pandas) without any parsing. Written by
 * hyparquet-writer; the app imports this module lazily, so the main bundle does not carry it.
 */
export function resultsToParquet(report: Report): Uint8Array {
  const { columns, kinds, rows } = resultsTable(report);
  const schema: SchemaElement[] = [{ name: "root", num_children: columns.length }];
  for (const c of columns) {
    const kind = kinds[c];
    if (kind === "list") {
      schema.push(
        { name: c, repetition_type: "OPTIONAL", converted_type: "LIST", num_children: 1 },
        { name: "list", repetition_type: "REPEATED", num_children: 1 },
        { name: "element", type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" },
      );
    } else if (kind === "number") {
      schema.push({ name: c, type: "DOUBLE", repetition_type: "OPTIONAL" });
    } else {
      schema.push({ name: c, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" });
    }
  }
  const columnData = columns.map((c) => ({ name: c, data: rows.map((r) => r[c] ?? null) }));
  return new Uint8Array(parquetWriteBuffer({ columnData, schema }));
}
