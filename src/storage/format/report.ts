/** The report document of DESIGN.md contract 5: schema, building, opening. */
export {
  REPORT_FORMAT,
  REPORT_VERSION,
  reportSchema,
  reportConfigSchema,
  reportPromptSchema,
  metricResultSchema,
  metricSummaryOf,
  type MetricSummaryDoc,
  callRecordSchema,
  type Report,
  type ReportConfig,
  type ReportPrompt,
  type ReportMetricResult,
  type ReportSummary,
  type ReportUsage,
  type ReportCall,
} from "./report-schema";
export { buildReport, serializeReport, promptsUsed, type BuildReportInput, type ReportConfigInput } from "./report-build";
export { parseReport, readReport, ReportError, type ReportErrorKind, type ParseReportResult, type ParseReportOptions } from "./report-parse";
export { MIGRATIONS, migrate, type Migration } from "./report-migrations";
export { checkReport, type Inconsistency } from "./report-check";
