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
  /** 1-based record number counting the header as 1, as a spreadsheet numbers its rows. */
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
const PROGRESS_EVERY_ROWS = 2000;

/** Parses the whole text; blank lines produce no record. Throws CsvSyntaxError for broken quoting. */
export function parseCsvText(text: string, opts: CsvOptions = {}): CsvParsed {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const breakChar = src.includes("\n") ? "\n" : "\r";
  const records: CsvRecord[] = [];
  let syntaxError: CsvSyntaxError | undefined;
  // Lines are counted incrementally between cursors, so the whole parse stays one pass.
  let counted = 0;
  let line = 1;
  let cursor = 0;
  let delimiter = opts.delimiter ?? ",";
  Papa.parse<string[]>(src, {
    delimiter: opts.delimiter ?? "",
    delimitersToGuess: GUESSED_DELIMITERS,
    skipEmptyLines: true,
    step: (step, parser) => {
      let start = cursor;
      while (src[start] === "\n" || src[start] === "\r") start++;
      for (let at = src.indexOf(breakChar, counted); at !== -1 && at < start; at = src.indexOf(breakChar, at + 1)) line++;
      counted = start;
      cursor = step.meta.cursor;
      delimiter = step.meta.delimiter;
      const record: CsvRecord = { fields: step.data, line, row: records.length + 1 };
      const quoteError = step.errors.find((e) => e.type === "Quotes");
      if (quoteError && !syntaxError) {
        const message =
          quoteError.code === "InvalidQuotes"
            ? `unexpected text after a closing quote in the row starting on line ${line} (write "" for a quote inside a quoted cell)`
            : `a quoted cell in the row starting on line ${line} is never closed`;
        syntaxError = new CsvSyntaxError(message, line, record.row);
        parser.abort();
        return;
      }
      records.push(record);
      if (records.length % PROGRESS_EVERY_ROWS === 0) {
        opts.onProgress?.(cursor / Math.max(1, src.length));
        if (opts.signal?.aborted) parser.abort();
      }
    },
  });
  if (syntaxError) throw syntaxError;
  opts.signal?.throwIfAborted();
  opts.onProgress?.(1);
  return { records, delimiter };
}

/** The records only, as the hand-written parser this replaced returned them. */
export function parseCsv(text: string, delimiter?: string): CsvRecord[] {
  return parseCsvText(text, delimiter === undefined ? {} : { delimiter }).records;
}

/** Quotes a cell only when it needs it, so simple results stay readable in a text editor. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CRLF line ends, as RFC 4180 says and Excel expects. */
export function writeCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
