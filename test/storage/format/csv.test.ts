import { describe, expect, it } from "vitest";
import { CsvSyntaxError, csvCell, parseCsv, writeCsv } from "../../../src/storage/format/csv";

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
    expect(records.map((r) => r.row)).toEqual([1, 2, 3]);
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
    expect(csvCell("plain")).toBe("plain");
  });
});
