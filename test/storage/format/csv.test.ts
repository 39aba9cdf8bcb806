import { describe, expect, it } from "vitest";
import { CsvSyntaxError, parseCsv, parseCsvText, writeCsv } from "../../../src/storage/format/csv";
import { decodeText } from "../../../src/storage/format/text-decode";

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

describe("parseCsv", () => {
  it("splits plain records and fields", () => {
    expect(fields("a,b,c\n1,2,3\n")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
  });

  it("reads quoted fields with commas and doubled quotes", () => {
    expect(fields('q,a\n"Hello, world","She said ""hi"""\n')).toEqual([
      ["q", "a"],
      ["Hello, world", 'She said "hi"'],
    ]);
  });

  it("keeps newlines inside quotes and reports the line each record starts on", () => {
    const records = parseCsv('id,text\n1,"line one\nline two\nline three"\n2,after\n');
    expect(records.map((r) => r.fields)).toEqual([
      ["id", "text"],
      ["1", "line one\nline two\nline three"],
      ["2", "after"],
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 2, 5]);
    // The header is record 0: rows count samples from 1, the line says where each starts.
    expect(records.map((r) => r.row)).toEqual([0, 1, 2]);
  });

  it("accepts CRLF record ends, also inside quoted cells", () => {
    const records = parseCsv('a,b\r\n"x\r\ny",z\r\nlast,row\r\n');
    expect(records.map((r) => r.fields)).toEqual([
      ["a", "b"],
      ["x\r\ny", "z"],
      ["last", "row"],
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it("strips a UTF-8 byte order mark from the first header", () => {
    expect(fields("\uFEFFquestion,answer\nq,a")).toEqual([
      ["question", "answer"],
      ["q", "a"],
    ]);
  });

  it("handles empty fields, a missing final newline and blank lines", () => {
    expect(fields('a,,c\n\n"",x,\nend')).toEqual([["a", "", "c"], ["", "x", ""], ["end"]]);
  });

  it("takes a quote inside an unquoted cell literally", () => {
    expect(fields('a,5" screen\n')).toEqual([["a", '5" screen']]);
  });

  it("refuses an unclosed quote, naming the line it opened on", () => {
    expect(() => parseCsv('a,b\n1,"never closed\nmore')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a,b\n1,"never closed\nmore');
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(2);
      expect((error as Error).message).toContain("line 2");
    }
  });

  it("refuses text after a closing quote", () => {
    expect(() => parseCsv('a\n"x"y\n')).toThrow(/after a closing quote/);
  });
});

describe("writeCsv", () => {
  it("quotes only cells that need it and round-trips through the parser", () => {
    const rows = [
      ["id", "text", "score"],
      ["1", 'say "hi", then\nleave', 0.5],
      ["2", " padded ", null],
    ];
    const text = writeCsv(rows);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(fields(text)).toEqual([
      ["id", "text", "score"],
      ["1", 'say "hi", then\nleave', "0.5"],
      ["2", " padded ", ""],
    ]);
    expect(writeCsv([["plain"]])).toBe("plain\r\n");
  });
});

describe("parseCsvText: what spreadsheets write", () => {
  it("guesses Excel's ';' and tabs, and keeps ',' inside cells", () => {
    expect(parseCsvText('a;b\r\n1,5;"x;y"\r\n')).toEqual({
      records: [
        { fields: ["a", "b"], line: 1, row: 0 },
        { fields: ["1,5", "x;y"], line: 2, row: 1 },
      ],
      delimiter: ";",
    });
    expect(parseCsvText("a\tb\n1\t2\n").delimiter).toBe("\t");
  });

  it("takes Excel's sep= line as the delimiter and not as data", () => {
    expect(parseCsvText("sep=;\r\nq;a\r\n1,5;x\r\n")).toEqual({
      records: [
        { fields: ["q", "a"], line: 2, row: 0 },
        { fields: ["1,5", "x"], line: 3, row: 1 },
      ],
      delimiter: ";",
    });
  });

  it("counts lines across blank lines and multi-line cells", () => {
    expect(parseCsv('h\n\n"a\nb"\n\nc\n').map((r) => [r.row, r.line])).toEqual([
      [0, 1],
      [1, 3],
      [2, 6],
    ]);
  });
});

describe("decodeText", () => {
  const encode = (text: string) => new TextEncoder().encode(text);
  it("reads UTF-8 with a BOM, UTF-16 with one, and falls back to Windows-1252 with a warning", () => {
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, ...encode("q,a")]), "f.csv")).toEqual({ text: "q,a", warnings: [] });
    const utf16 = Uint8Array.from([0xff, 0xfe, ...[..."q\t中"].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]);
    expect(decodeText(utf16, "f.txt").text).toBe("q\t中");
    const latin = decodeText(Uint8Array.from([0x63, 0x61, 0x66, 0xe9]), "f.csv");
    expect(latin.text).toBe("café");
    expect(latin.warnings[0]!.message).toMatch(/not UTF-8; it was read as Windows-1252/);
  });

  // Node 20's TextDecoder("windows-1252") is ISO-8859-1: 0x80-0x9F came out as C1 control characters.
  it("reads 0x80-0x9F by the Windows-1252 table (euro sign, curly quotes, dashes), as browsers do", () => {
    const bytes = Uint8Array.from([0x80, 0x20, 0x93, 0x68, 0x69, 0x94, 0x20, 0x91, 0x92, 0x96, 0x97, 0x85, 0x8a, 0x9f, 0xe9]);
    expect(decodeText(bytes, "f.csv").text).toBe("€ “hi” ‘’–—…ŠŸé");
  });

  it("leaves the five bytes Windows-1252 does not define (0x81 0x8D 0x8F 0x90 0x9D) as their code points", () => {
    const text = decodeText(Uint8Array.from([0x80, 0x81, 0x8d, 0x8f, 0x90, 0x9d]), "f.csv").text;
    expect([...text].map((c) => c.codePointAt(0))).toEqual([0x20ac, 0x81, 0x8d, 0x8f, 0x90, 0x9d]);
  });
});
