import type { Report } from "../../../../storage/format/report-schema";
import type { ReportsMessages } from "../messages";
import { VIEWER_CSS as viewerCss } from "./viewer-css";
import viewerJs from "./viewer.js?raw";

interface ViewerMetrics {
  names: Record<string, string>;
  lowerIsBetter: readonly string[];
  lowerIsBetterLabel: string;
}

/**
 * The labels block as viewer.js reads it (its JSDoc imports this type, so the two cannot drift):
 * the catalogue's html words as the caller gave them (a caller may give none: the viewer falls
 * back where it must), the lines exportHtml works out per report, and the metrics' names.
 * @public (used by viewer.js, which knip does not read)
 */
export type ViewerLabels = Partial<Record<keyof ReportsMessages["html"] | "documentTitle" | "judgeLine", string>> & {
  metricNames: Record<string, string>;
  lowerIsBetter: readonly string[];
  lowerIsBetterLabel: string;
};

/**
 * One self-contained HTML file showing a report offline. The report and the labels sit in
 * <script type="application/json"> blocks, which browsers never execute; every "<" in them is
 * written as \u003c, so no text (a "</script>", a "<!--") can end the block early. The file's
 * own CSP allows only the viewer script and stylesheet by SHA-256 hash and no request of any kind.
 */
export async function buildReportHtml(
  report: Report,
  labels: Record<string, string>,
  lang: "en" | "zh",
  /** Each metric id's name for people (the viewer shows the id where one is missing), and the metrics where lower is better. */
  metrics: ViewerMetrics = { names: {}, lowerIsBetter: [], lowerIsBetterLabel: "" },
): Promise<string> {
  const [scriptHash, styleHash] = await Promise.all([sha256Base64(viewerJs), sha256Base64(viewerCss)]);
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${scriptHash}'`,
    `style-src 'sha256-${styleHash}'`,
    "img-src 'none'",
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  // exportHtml writes the untitled report's title with its date in the UI language; the ISO time only as a last resort.
  const title = report.title ?? labels.documentTitle ?? `Ragas report ${report.createdAt}`;
  const viewerLabels: ViewerLabels = {
    ...labels,
    metricNames: metrics.names,
    lowerIsBetter: metrics.lowerIsBetter,
    lowerIsBetterLabel: metrics.lowerIsBetterLabel,
  };
  return [
    "<!doctype html>",
    `<html lang="${lang === "zh" ? "zh-CN" : "en"}">`,
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${viewerCss}</style>`,
    "</head>",
    "<body>",
    '<div id="app"></div>',
    `<noscript>${escapeHtml(labels.noScript ?? "")}</noscript>`,
    `<script type="application/json" id="report-data">${inertJson(report)}</script>`,
    `<script type="application/json" id="report-labels">${inertJson(viewerLabels)}</script>`,
    `<script>${viewerJs}</script>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** JSON that cannot close its <script> block: "<" (and the line separators) as \u escapes. */
export function inertJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  let binary = "";
  for (const b of digest) binary += String.fromCharCode(b);
  return btoa(binary);
}
