import { guardCell } from "../../../storage/format/formula-guard";
import { scrubSecrets } from "../../../storage/format/redact";
import { serializeReport } from "../../../storage/format/report-build";
import type { Report } from "../../../storage/format/report-schema";
import { summaryOnly } from "../../../storage/format/report-summary-only";
import { resultsToCsv } from "../../../storage/format/results-csv";
import { encodeShareLink, LINK_FRAGMENT_KEY } from "../../../storage/format/share-link";
import { buildReportHtml } from "./html/report-html";

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

export function exportCsv(report: Report, secrets: readonly string[]): string {
  return resultsToCsv(guardFormulas(scrubSecrets(report, secrets)));
}

export function exportHtml(report: Report, secrets: readonly string[], labels: Record<string, string>, lang: "en" | "zh"): Promise<string> {
  return buildReportHtml(scrubSecrets(report, secrets), labels, lang);
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

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab / CR) as a formula; a report from
 * a stranger could hold "=HYPERLINK(...)". Text cells get a leading apostrophe (OWASP's advice);
 * scores are numbers and stay as they are.
 */
export function guardFormulas(report: Report): Report {
  const guard = guardCell;
  return {
    ...report,
    samples: report.samples.map((s) => ({ ...s, id: guard(s.id), question: guard(s.question), answer: guard(s.answer) })),
    results: report.results.map((r) => ({
      sampleId: guard(r.sampleId),
      metrics: Object.fromEntries(
        Object.entries(r.metrics).map(([id, m]) => [
          id,
          {
            ...m,
            ...(m.reason !== undefined ? { reason: guard(m.reason) } : {}),
            ...(m.error ? { error: { code: guard(m.error.code), message: guard(m.error.message) } } : {}),
          },
        ]),
      ),
    })),
  };
}
