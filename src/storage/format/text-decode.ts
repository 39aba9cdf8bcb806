import type { FileIssue } from "./samples-types";
import { SamplesFileError } from "./samples-types";
import { decodeWindows1252 } from "./windows-1252";

/**
 * Bytes to text for CSV and JSON files. UTF-8 with or without a byte order mark (Excel's "CSV
 * UTF-8" writes one), UTF-16 with one (Excel's "Unicode text"), and, when the bytes are not valid
 * UTF-8, Windows-1252 (Excel's plain "CSV" on Windows), with a warning. Binary files get a
 * message that says what they look like instead of a screen of mojibake.
 */
export function decodeText(bytes: Uint8Array, file: string): { text: string; warnings: FileIssue[] } {
  if (bytes.length === 0) throw new SamplesFileError([{ file, message: "the file is empty" }]);
  const binary = binaryKind(bytes);
  if (binary) throw new SamplesFileError([{ file, message: binary }]);
  let text: string;
  const warnings: FileIssue[] = [];
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder("utf-16le").decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder("utf-16be").decode(bytes);
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      text = decodeWindows1252(bytes);
      warnings.push({ file, message: "the file is not UTF-8; it was read as Windows-1252 (check accented letters in the preview)" });
    }
  }
  // TextDecoder drops one leading BOM; a second one (a BOM written twice) is dropped here.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === "") {
    const onlyBom = bytes.length <= 3 && bytes[0] !== undefined && bytes[0] >= 0xef;
    throw new SamplesFileError([
      { file, message: onlyBom ? "the file holds only a byte order mark (BOM) and no data" : "the file is empty (only blank space)" },
    ]);
  }
  return { text, warnings };
}

/** A message when the bytes are clearly not text; undefined when they may be. */
function binaryKind(bytes: Uint8Array): string | undefined {
  const starts = (...magic: number[]) => magic.every((b, i) => bytes[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return "this is a zip archive or an Excel workbook (.xlsx), not text: save the sheet as CSV UTF-8 first";
  if (starts(0x1f, 0x8b)) return "this file is gzip-compressed: decompress it first";
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return "this is an old Excel workbook (.xls), not text: save the sheet as CSV UTF-8 first";
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (utf16) return undefined;
  const probe = Math.min(bytes.length, 8192);
  for (let i = 0; i < probe; i++) {
    if (bytes[i] === 0) return `this is a binary file, not text (a zero byte at byte ${i + 1}); expected CSV, JSON, JSON Lines or parquet`;
  }
  return undefined;
}
