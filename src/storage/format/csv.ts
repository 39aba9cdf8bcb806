/**
 * RFC 4180 CSV: quoted fields, "" escapes, newlines inside quotes, CRLF or LF record ends, and a
 * UTF-8 BOM (Excel writes one). Spreadsheets put whole paragraphs (contexts) in one cell, so a
 * split-on-newline reader would cut samples in half; this one walks the text character by character.
 */

export interface CsvRecord {
  fields: string[];
  /** 1-based line of the text where the record starts (a quoted cell can span lines). */
  line: number;
  /** 1-based record number counting the header as 1, as a spreadsheet numbers its rows. */
  row: number;
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = "CsvSyntaxError";
  }
}

/** Parses the whole text; blank lines (a trailing newline, spacer rows) produce no record. */
export function parseCsv(text: string, delimiter = ","): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let i = 0;
  // A record that is one empty unquoted field is a blank line, not a record.
  let sawQuote = false;

  const endField = () => {
    fields.push(field);
    field = "";
  };
  const endRecord = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === "" && !sawQuote)) {
      records.push({ fields, line: recordLine, row: records.length + 1 });
    }
    fields = [];
    sawQuote = false;
  };

  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '"' && field === "") {
      // Quoted field: read to the closing quote; "" is a literal quote.
      sawQuote = true;
      const openLine = line;
      i++;
      for (;;) {
        if (i >= src.length) throw new CsvSyntaxError(`a quoted cell opened on line ${openLine} is never closed`, openLine);
        const c = src[i]!;
        if (c === '"') {
          if (src[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === "\n") line++;
        else if (c === "\r" && src[i + 1] !== "\n") line++;
        field += c;
        i++;
      }
      const next = src[i];
      if (next !== undefined && next !== delimiter && next !== "\n" && next !== "\r") {
        throw new CsvSyntaxError(`line ${line}: unexpected text after a closing quote (write "" for a quote inside a quoted cell)`, line);
      }
      continue;
    }
    if (ch === delimiter) {
      endField();
      i++;
      continue;
    }
    if (ch === "\r" || ch === "\n") {
      endRecord();
      i += ch === "\r" && src[i + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    // A quote in the middle of an unquoted cell is taken literally, as spreadsheets do.
    field += ch;
    i++;
  }
  if (field !== "" || fields.length > 0 || sawQuote) endRecord();
  return records;
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
