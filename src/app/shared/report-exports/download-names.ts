/** File names for a report's exports: ragas-report-<created>.{json,csv,html,parquet,jsonl}. */
export function exportFileName(report: { createdAt: string }, ext: "json" | "csv" | "html" | "parquet" | "jsonl"): string {
  const stamp = report.createdAt
    .slice(0, 19)
    .replace(/[:T]/g, "-")
    .replace(/[^\w-]/g, "");
  return ext === "json" || ext === "html" ? `ragas-report-${stamp}.${ext}` : `ragas-results-${stamp}.${ext}`;
}
