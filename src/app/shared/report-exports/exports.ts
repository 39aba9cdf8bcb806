import { customId } from "../../../engine";
import { scrubSecrets } from "../../../storage/format/redact";
import { serializeReport } from "../../../storage/format/report-build";
import type { Report } from "../../../storage/format/report-schema";
import { summaryOnly } from "../../../storage/format/report-summary-only";
import { resultsToCsv } from "../../../storage/format/results-csv";
import { resultsToJsonl } from "../../../storage/format/results-jsonl";
import { encodeShareLink, LINK_FRAGMENT_KEY } from "../../../storage/format/share-link";
import { en } from "../i18n/en";
import { formatsFor } from "../i18n/format";
import { zh } from "../i18n/zh";
import { lowerIsBetter, metricLabel } from "../results/labels";
import { buildReportHtml } from "./html/report-html";
import { asksJudge } from "./report-head";

/**
 * Every way a report leaves the app. Each one first scrubs the secrets in use (the API key in
 * settings) from every string, whatever the report holds: a report opened from a file could carry
 * the key in an answer or a trace, and the export must still not.
 */

/** The longest link Chromium opened intact in test/e2e/reports-link-limit.test.ts (2 MiB URL cap), less a margin. */
export const MAX_LINK_CHARS = 2_000_000;

export function exportJson(report: Report, secrets: readonly string[]): string {
  return serializeReport(scrubSecrets(report, secrets));
}

/** The results under the ragas column names (storage/format/results-rows.ts), formula cells guarded, with a BOM unless asked not to. */
export function exportCsv(report: Report, secrets: readonly string[], options: { bom?: boolean } = {}): string {
  return resultsToCsv(scrubSecrets(report, secrets), options);
}

export function exportJsonl(report: Report, secrets: readonly string[]): string {
  return resultsToJsonl(scrubSecrets(report, secrets));
}

/** Parquet for pandas and Hugging Face datasets; the writer is loaded on the first click, not with the app. */
export async function exportParquet(report: Report, secrets: readonly string[]): Promise<Uint8Array> {
  const { resultsToParquet } = await import("../../../storage/format/results-parquet");
  return resultsToParquet(scrubSecrets(report, secrets));
}

/**
 * The HTML file, with what the viewer cannot work out itself written in the UI language: the
 * document title of an untitled report (its date, as the app writes dates), the judge line
 * ("no judge" for a run of metrics that need none, as the Reports header says), each metric's
 * name as the app shows it (a custom judge's by the name it was given) and which metrics read the
 * other way round (noise sensitivity: 0 is best, so it is coloured as such).
 */
export function exportHtml(report: Report, secrets: readonly string[], labels: Record<string, string>, lang: "en" | "zh"): Promise<string> {
  const fmt = formatsFor(lang);
  const localized = {
    ...labels,
    documentTitle: report.title ?? `${labels.title} · ${fmt.dateTime(report.createdAt)}`,
    judgeLine: asksJudge(report.config.metrics) ? `${labels.model}: ${report.config.model}` : (labels.noJudge ?? ""),
  };
  const app = lang === "zh" ? zh : en;
  const judgeNames = Object.fromEntries((report.config.customJudges ?? []).map((j) => [customId(j), j.name]));
  const metrics = {
    names: Object.fromEntries(report.config.metrics.map((id) => [id, metricLabel(app, id, judgeNames)])),
    lowerIsBetter: report.config.metrics.filter(lowerIsBetter),
    lowerIsBetterLabel: app.more.lowerIsBetter,
  };
  return buildReportHtml(scrubSecrets(report, secrets), localized, lang, metrics);
}

export interface ShareLink {
  url: string;
  fits: boolean;
  encrypted: boolean;
  summaryOnly: boolean;
}

/** `base` is the app's address without a fragment (location.origin + pathname). */
export async function makeShareLink(
  report: Report,
  secrets: readonly string[],
  base: string,
  options: { password?: string; summaryOnly?: boolean },
): Promise<ShareLink> {
  const clean = scrubSecrets(options.summaryOnly ? summaryOnly(report) : report, secrets);
  const body = await encodeShareLink(JSON.stringify(clean), options.password || undefined);
  const url = `${base}#${LINK_FRAGMENT_KEY}${body}`;
  return { url, fits: url.length <= MAX_LINK_CHARS, encrypted: Boolean(options.password), summaryOnly: options.summaryOnly === true };
}
