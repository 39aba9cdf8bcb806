import { formatPath } from "./json-path";
import { checkReport } from "./report-check";
import { migrate, MIGRATIONS, type JsonObject, type Migration } from "./report-migrations";
import { REPORT_FORMAT, REPORT_VERSION, reportSchema, type Report } from "./report-schema";
import { needsStatistics, withStatistics } from "./report-stats";

export { REPORT_FORMAT } from "./report-schema";

/**
 * Opening a report (excalidraw's one restore boundary, tldraw's pipeline):
 * JSON -> envelope -> version check -> migrate -> validate -> cross-check. Each step fails with
 * its own kind, and every message names the file and, where there is one, the JSON path.
 */

type ReportErrorKind = "not_json" | "not_a_report" | "too_new" | "invalid" | "inconsistent";

class ReportError extends Error {
  constructor(
    readonly kind: ReportErrorKind,
    readonly file: string,
    message: string,
    readonly path?: string,
  ) {
    super(path ? `${file}: ${path}: ${message}` : `${file}: ${message}`);
    this.name = "ReportError";
  }
}

export type ParseReportResult = { ok: true; report: Report; migratedFrom?: number } | { ok: false; error: ReportError };

export interface ParseReportOptions {
  /** For tests of the migration path; the app always uses the built-in list. */
  migrations?: Readonly<Record<number, Migration>>;
}

export function parseReport(text: string, fileName: string, options: ParseReportOptions = {}): ParseReportResult {
  const fail = (kind: ReportErrorKind, message: string, path?: string): ParseReportResult => ({
    ok: false,
    error: new ReportError(kind, fileName, message, path),
  });

  let doc: unknown;
  try {
    doc = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return fail("not_json", `not valid JSON (${(error as Error).message})`);
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc) || (doc as JsonObject).format !== REPORT_FORMAT) {
    return fail("not_a_report", `not a Ragas Playground report (expected "format": "${REPORT_FORMAT}")`);
  }
  const version = (doc as JsonObject).version;
  if (typeof version !== "number" || !Number.isInteger(version)) return fail("invalid", "expected an integer format version", "version");
  if (version > REPORT_VERSION) {
    return fail(
      "too_new",
      `written by a newer Ragas Playground (report version ${version}); this one reads up to version ${REPORT_VERSION}. Update Ragas Playground to open it.`,
    );
  }
  const migrated = migrate(doc as JsonObject, version, REPORT_VERSION, options.migrations ?? MIGRATIONS);
  if (!migrated.ok)
    return fail(
      "invalid",
      `report version ${migrated.missing} is not one this app can read (it reads versions ${oldestReadable(options.migrations ?? MIGRATIONS)} to ${REPORT_VERSION})`,
      "version",
    );

  const parsed = reportSchema.safeParse(migrated.doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail("invalid", issue.message, formatPath(issue.path));
  }
  let problem: ReturnType<typeof checkReport>;
  try {
    problem = checkReport(parsed.data);
  } catch (error) {
    // A trace shape the score function did not expect; still the file's fault, not a crash.
    return fail("inconsistent", `a score could not be recomputed (${(error as Error).message})`, "results");
  }
  if (problem) return fail("inconsistent", problem.message, problem.path);
  // A file from before version 3 has no intervals: they follow from its results, so it gets them.
  const report = needsStatistics(parsed.data) ? withStatistics(parsed.data) : parsed.data;
  return version < REPORT_VERSION ? { ok: true, report, migratedFrom: version } : { ok: true, report };
}

function oldestReadable(migrations: Readonly<Record<number, Migration>>): number {
  let v = REPORT_VERSION;
  while (migrations[v - 1]) v--;
  return v;
}
