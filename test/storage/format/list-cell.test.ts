import { describe, expect, it } from "vitest";
import { parseListCell } from "../../../src/storage/format/list-cell";

// The two texts below are what Python 3.11 / numpy 1.24 print for the same eight strings:
// repr(items) (a pandas list column in to_csv) and str(np.array(items, dtype=object)) (an array column).
const ITEMS = ["a'b", "tab\there", "nl\nx", "back\\slash", "\x00\x07ctl", "é中🚀", "\u200b", "both ' and \""];
const PYTHON = String.raw`["a'b", 'tab\there', 'nl\nx', 'back\\slash', '\x00\x07ctl', 'é中🚀', '\u200b', 'both \' and "']`;
const NUMPY = `${String.raw`["a'b" 'tab\there' 'nl\nx' 'back\\slash' '\x00\x07ctl' 'é中🚀' '\u200b'`}\n ${String.raw`'both \' and "']`}`;

describe("parseListCell", () => {
  it("reads a Python list literal with every escape repr writes", () => {
    expect(parseListCell(PYTHON)).toEqual({ ok: true, items: ITEMS, as: "python" });
  });

  it("reads a numpy array: whitespace between items, wrapped across lines", () => {
    expect(parseListCell(NUMPY)).toEqual({ ok: true, items: ITEMS, as: "numpy" });
    expect(parseListCell("['x' 'y']")).toEqual({ ok: true, items: ["x", "y"], as: "numpy" });
  });

  it("reads JSON arrays and real arrays (JSON files, parquet list columns) as json", () => {
    expect(parseListCell('["a", "b\\"c"]')).toEqual({ ok: true, items: ["a", 'b"c'], as: "json" });
    expect(parseListCell(["x", "y"])).toEqual({ ok: true, items: ["x", "y"], as: "json" });
    expect(parseListCell("[]")).toEqual({ ok: true, items: [], as: "json" });
    expect(parseListCell("[ ]")).toEqual({ ok: true, items: [], as: "json" });
  });

  it("takes other text as one item, and empty cells as no items", () => {
    expect(parseListCell("[1] Smith et al., 2020")).toEqual({ ok: true, items: ["[1] Smith et al., 2020"], as: "single" });
    expect(parseListCell("plain context, with a comma")).toEqual({ ok: true, items: ["plain context, with a comma"], as: "single" });
    expect(parseListCell("  ")).toEqual({ ok: true, items: [], as: "single" });
    expect(parseListCell(null)).toEqual({ ok: true, items: [], as: "single" });
  });

  it("reports a list of one as python (numpy would print it the same)", () => {
    expect(parseListCell("['only']")).toEqual({ ok: true, items: ["only"], as: "python" });
    expect(parseListCell("['trailing comma',]")).toEqual({ ok: true, items: ["trailing comma"], as: "python" });
  });

  it("refuses numpy's '...' elision: items were lost when the file was written", () => {
    const out = parseListCell("['c0' 'c1' 'c2' ... 'c1197' 'c1198' 'c1199']");
    expect(out.ok).toBe(false);
    expect(!out.ok && out.message).toMatch(/^the list was shortened with "\.\.\." .* "\.\.\." follows item 3\): items are lost/);
  });

  it("names what is wrong in a list that does not parse", () => {
    const message = (cell: unknown) => {
      const out = parseListCell(cell);
      return out.ok ? "parsed" : out.message;
    };
    expect(message("['first', 'second")).toBe("looks like a list but is not one: item 2: a string opened with ' is never closed");
    expect(message("['a', 'b' 'c']")).toBe("looks like a list but is not one: items are separated by commas in some places and by spaces in others");
    expect(message("['a', None]")).toBe("looks like a list but is not one: item 2: None is not text (expected a quoted string)");
    expect(message("['a'] and more")).toBe("looks like a list but is not one: unexpected text after the closing ]");
    expect(message("['bad \\x4']")).toBe("looks like a list but is not one: item 1: a broken \\x escape");
    expect(message("[1, 2]")).toBe("a list of numbers, expected a list of text");
    expect(message("[0.5 0.25]")).toBe("a list of numbers, expected a list of text");
    expect(message(["a", 2])).toBe("item 2 of the list is a number, expected text");
    expect(message(42)).toBe("expected text or a list of text, got a number");
  });

  it("reads 8 MB of long escaped cells (escapes are copied in runs, not character by character)", () => {
    // Copied character by character this took seconds; its speed is measured by
    // test/storage/format/parse-speed.measure.ts, not asserted here, where a busy machine would fail it.
    const long = `'${"x".repeat(200_000)}\\n${"y".repeat(200_000)}'`;
    const out = parseListCell(`[${Array.from({ length: 20 }, () => long).join(", ")}]`);
    expect(out.ok && out.items.length).toBe(20);
    expect(out.ok && out.items[0]!.length).toBe(400_001);
    expect(out.ok && out.items[0]).toBe(`${"x".repeat(200_000)}\n${"y".repeat(200_000)}`);
  });
});
