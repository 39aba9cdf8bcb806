/**
 * Spreadsheet formula injection, both ways. Excel, LibreOffice and Google Sheets run a cell that
 * starts with = + - @ (or a tab / CR) as a formula, so a text like "=HYPERLINK(...)" from a
 * stranger's dataset would become a live link. Our CSV writers start such a cell with an
 * apostrophe (OWASP's advice), so no spreadsheet runs it.
 *
 * The reader must take off only what our writer added. A bare apostrophe cannot say that: people
 * write "'-5 degrees" by hand, and stripping it lost their apostrophe. So our guard is the
 * apostrophe followed by U+2060 WORD JOINER, which is invisible (a spreadsheet shows "'=x", as
 * before) and which no one types. The reader strips exactly that pair and nothing else; a cell
 * that already starts with the pair is guarded once more, so guard and unguard are exact inverses
 * for every text, and a hand-made file's apostrophes stay as written. (Files exported before this
 * guard carry a bare apostrophe, which now reads back as part of the text.)
 */
const GUARD = "'\u2060";
const FORMULA_START = /^[=+\-@\t\r]/;

export function guardCell(text: string): string {
  return FORMULA_START.test(text) || text.startsWith(GUARD) ? `${GUARD}${text}` : text;
}

export function unguardCell(text: string): string {
  return text.startsWith(GUARD) ? text.slice(GUARD.length) : text;
}
