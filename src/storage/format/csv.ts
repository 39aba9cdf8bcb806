import Papa from "papaparse";

/**
 * CSV through papaparse (quoted fields, "" escapes, newlines inside quotes, CRLF, a UTF-8 BOM, and
 * the delimiter guessed, so Excel's ";" files from European locales read too). Spreadsheets put
 * whole paragraphs (contexts) in one cell, so every record also says which text line it starts on.
 */

export interface CsvRecord {
  fields: string[];
  /** 1-based line of the text where the record starts (a quoted cell can span lines). */
  line: number;
  /**
   * The data row's number, counted from 1 after the header (the header record is 0), as JSON
   * records and parquet rows are counted, so row 1 is the first sample in every format. `line`
   * says where it is in the text (a spreadsheet's own row number, when no cell spans lines).
   */
  row: number;
}

export interface CsvParsed {
  records: CsvRecord[];
  /** The delimiter used: the one asked for, else the one papaparse found in the first rows. */
  delimiter: string;
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly row: number,
    /** The header name of the broken cell, when the header was read before it. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "CsvSyntaxError";
  }
}

export interface CsvOptions {
  /** Omit to guess among , ; tab and |. */
  delimiter?: string;
  /** Called now and then with the share of the text read so far. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const GUESSED_DELIMITERS = [",", ";", "\t", "|"];

/**
 * Parses the whole text; blank lines produce no record. Throws CsvSyntaxError for broken quoting.
 * One papaparse call over the whole string: its per-row step mode costs ~60 % more on a 50 MB
 * file, so line numbers are counted afterwards from the line breaks inside each record's cells.
 */
export function parseCsvText(text: string, opts: CsvOptions = {}): CsvParsed {
  let src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  opts.signal?.throwIfAborted();
  // Excel honours (and some exporters write) a first line "sep=;" naming the delimiter; it is not data.
  const sepLine = /^sep=([^\r\n])\r?\n/.exec(src);
  if (sepLine) src = src.slice(sepLine[0].length);
  const delimiter = opts.delimiter ?? sepLine?.[1] ?? guessDelimiter(src);
  const result = Papa.parse<string[]>(src, { delimiter, skipEmptyLines: false });
  opts.signal?.throwIfAborted();
  opts.onProgress?.(0.8);
  const breakChar = src.includes("\n") ? "\n" : "\r";
  const quoteError = result.errors.find((e) => e.type === "Quotes");
  const records: CsvRecord[] = [];
  let line = sepLine ? 2 : 1;
  for (let i = 0; i < result.data.length; i++) {
    const fields = result.data[i]!;
    // papaparse keeps reading an unclosed quote to the end of the file, so the broken cell is the row's last.
    if (i === quoteError?.row) throw quoteProblem(quoteError.code, line, records.length, records[0]?.fields[fields.length - 1]);
    if (fields.length === 1 && fields[0] === "") {
      line++; // a blank line
      continue;
    }
    records.push({ fields, line, row: records.length });
    line += 1 + breaksInside(fields, breakChar);
  }
  opts.onProgress?.(1);
  return { records, delimiter: result.meta.delimiter };
}

/**
 * papaparse's own guess, on the first rows with blank lines skipped: guessing inside the main
 * parse (which keeps blank lines to count text lines) lets a trailing newline's empty record
 * drag the average field count down, and a small ";" file with decimal commas came out as ",".
 */
function guessDelimiter(src: string): string {
  const preview = Papa.parse<string[]>(src.slice(0, 256 * 1024), { delimitersToGuess: GUESSED_DELIMITERS, skipEmptyLines: true, preview: 20 });
  return preview.meta.delimiter || ",";
}

function breaksInside(fields: string[], breakChar: string): number {
  let n = 0;
  for (const field of fields) {
    for (let at = field.indexOf(breakChar); at !== -1; at = field.indexOf(breakChar, at + 1)) n++;
  }
  return n;
}

function quoteProblem(code: string, line: number, row: number, field: string | undefined): CsvSyntaxError {
  const message =
    code === "InvalidQuotes"
      ? `unexpected text after a closing quote in the row starting on line ${line} (write "" for a quote inside a quoted cell)`
      : `a quoted cell in the row starting on line ${line} is never closed`;
  return new CsvSyntaxError(message, line, row, field?.trim() || undefined);
}

/** The records only, as the hand-written parser this replaced returned them. */
export function parseCsv(text: string, delimiter?: string): CsvRecord[] {
  return parseCsvText(text, delimiter === undefined ? {} : { delimiter }).records;
}

/**
 * Rows as CSV through papaparse's writer: a cell is quoted only when it needs it (so simple
 * results stay readable in a text editor), CRLF line ends as RFC 4180 says and Excel expects.
 */
export function writeCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `${Papa.unparse(rows as unknown[][], { newline: "\r\n", quotes: false })}\r\n`;
}
