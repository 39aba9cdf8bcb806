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
