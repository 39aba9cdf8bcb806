import { serializeReport } from "../../../storage/format/report-build";
import type { Report } from "../../../storage/format/report-schema";
import { useApp } from "../store";

/**
 * Hands a report built elsewhere (the playground's result) to the Reports view, which opens it
 * through the same parse path as a file. Tiny on purpose: the playground imports it into the
 * main bundle; the view takes the report when it mounts.
 */

let pending: { name: string; text: string } | null = null;

export function openInReports(name: string, text: string): void {
  pending = { name, text };
  useApp.getState().setView("reports");
}

export function takeHandedReport(): { name: string; text: string } | null {
  const out = pending;
  pending = null;
  return out;
}

/**
 * A dataset run's "Open in Reports" (contract 7): the run's report under its title (the dataset's
 * and the run's names), which its exports and share links then carry.
 */
export function openRunInReports(report: Report, title: string): void {
  openInReports(title, serializeReport({ ...report, title }));
}
