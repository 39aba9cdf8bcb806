/** File names for a report's exports: ragas-report-<created>.{json,csv,html}. */
export function exportFileName(report: { createdAt: string }, ext: "json" | "csv" | "html"): string {
  const stamp = report.createdAt
    .slice(0, 19)
    .replace(/[:T]/g, "-")
    .replace(/[^\w-]/g, "");
  return `ragas-report-${stamp}.${ext}`;
}
