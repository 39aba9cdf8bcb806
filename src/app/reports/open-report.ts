import { parseReport } from "../../storage/format/report-parse";
import { decodeShareLink, type LinkProblem } from "../../storage/format/share-link";
import type { ReportsMessages } from "../shared/report-exports/messages";
import type { OpenedReport } from "../shared/store";

// The report on screen lives in the shared workspace slice, so it stays open across view switches.
export type { OpenedReport };

export type OpenOutcome = { ok: true; opened: OpenedReport } | { ok: false; message: (t: ReportsMessages) => string; problem?: LinkProblem };

/** Larger files are refused before they are read into memory. */
const MAX_REPORT_FILE_MB = 100;

/** File -> text -> parseReport (migrate, validate, cross-check); nothing is stored here. */
export async function openReportFile(file: File): Promise<OpenOutcome> {
  if (file.size > MAX_REPORT_FILE_MB * 1024 * 1024) return { ok: false, message: (t) => t.tooBig(file.name, MAX_REPORT_FILE_MB) };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, message: (t) => t.notJsonFile(file.name) };
  }
  return openReportText(text, file.name);
}

export function openReportText(text: string, name: string): OpenOutcome {
  const parsed = parseReport(text, name);
  if (!parsed.ok) return { ok: false, message: () => parsed.error.message };
  const opened: OpenedReport = { report: parsed.report, name, text };
  if (parsed.migratedFrom !== undefined) opened.migratedFrom = parsed.migratedFrom;
  return { ok: true, opened };
}

/** A share link's fragment body -> the same path as a file, marked as from a link (see reportName). */
export async function openReportLink(body: string, password: string | undefined, name: string): Promise<OpenOutcome> {
  const decoded = await decodeShareLink(body, password);
  if (!decoded.ok) return { ok: false, message: (t) => t.linkProblem[decoded.problem], problem: decoded.problem };
  const outcome = openReportText(decoded.text, name);
  return outcome.ok ? { ok: true, opened: { ...outcome.opened, fromLink: true } } : outcome;
}

/**
 * What an open report is called on screen, in the language shown now: its own title, else
 * "Shared report" for one from a link (also after a language switch), else its file's name.
 */
export function reportName(opened: Pick<OpenedReport, "report" | "name" | "fromLink">, t: Pick<ReportsMessages, "sharedReport">): string {
  return opened.report.title ?? (opened.fromLink ? t.sharedReport : opened.name);
}
