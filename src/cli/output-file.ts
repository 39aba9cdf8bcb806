import type { Report } from "../storage/format/report-schema";
import { serializeReport } from "../storage/format/report-build";
import { resultsToCsv } from "../storage/format/results-csv";
import { resultsToJsonl } from "../storage/format/results-jsonl";
import { UsageError } from "./errors";
import type { OUTPUT_FORMATS } from "./flags";

export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** --format, else --out's extension (.csv, .parquet, .jsonl / .ndjson), else the JSON report. */
export function outputFormatOf(args: { format?: OutputFormat; out?: string }): OutputFormat {
  if (args.format) return args.format;
  const ext = /\.([a-z]+)$/i.exec(args.out ?? "")?.[1]?.toLowerCase();
  if (ext === "csv" || ext === "parquet" || ext === "jsonl") return ext;
  if (ext === "ndjson") return "jsonl";
  return "json";
}

/** Checked before the run starts: parquet is binary and is never poured into a terminal. */
export function checkOutputFormat(args: { format?: OutputFormat; out?: string }): void {
  if (outputFormatOf(args) === "parquet" && !args.out) throw new UsageError("--format parquet needs --out FILE (parquet is binary)");
}

/** The bytes or text of --out (or standard output) in the chosen format. */
export async function renderOutput(report: Report, format: OutputFormat, options: { bom: boolean }): Promise<string | Uint8Array> {
  if (format === "csv") return resultsToCsv(report, { bom: options.bom });
  if (format === "jsonl") return resultsToJsonl(report);
  if (format === "parquet") {
    const { resultsToParquet } = await import("../storage/format/results-parquet");
    return resultsToParquet(report);
  }
  return serializeReport(report);
}
