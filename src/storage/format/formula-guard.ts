/**
 * Spreadsheet formula injection, both ways. Excel, LibreOffice and Google Sheets run a cell that
 * starts with = + - @ (or a tab / CR) as a formula, so a text like "=HYPERLINK(...)" from a
 * stranger's dataset would become a live link. Written cells get a leading apostrophe (OWASP's
 * advice; spreadsheets show the text without it), and CSV readers take it off again.
 *
 * To round-trip every text, a cell that already starts with apostrophes before a formula
 * character gets one more: guard and unguard are exact inverses ("'=x" -> "''=x" -> "'=x").
 */
const GUARDED = /^'*[=+\-@\t\r]/;
const UNGUARD = /^'+[=+\-@\t\r]/;

export function guardCell(text: string): string {
  return GUARDED.test(text) ? `'${text}` : text;
}

export function unguardCell(text: string): string {
  return UNGUARD.test(text) ? text.slice(1) : text;
}
